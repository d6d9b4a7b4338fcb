import { describe, expect, it } from "vitest";
import { draftToContinue, type LocalDraft, type ServerDraft } from "./local-drafts.ts";

const server = (text: string, secondsLeft: number | null = 1200): ServerDraft => ({
  text,
  secondsLeft,
  updatedAt: "2026-11-28T14:02:31.000Z",
});
const local = (text: string, change: Partial<LocalDraft> = {}): LocalDraft => ({
  text,
  secondsLeft: 1100,
  secondsSpent: 300,
  updatedAt: 1,
  pending: false,
  submitting: false,
  ...change,
});

describe("draftToContinue", () => {
  it("offers nothing when neither the server nor this device holds words", () => {
    expect(draftToContinue(null, null)).toBeNull();
    expect(draftToContinue(server("  \n"), local(""))).toBeNull();
  });

  it("offers this device's words when the server may lack them (unsaved, or sent to be submitted)", () => {
    expect(
      draftToContinue(server("Cities are"), local("Cities are busy", { pending: true })),
    ).toEqual({ text: "Cities are busy", secondsLeft: 1100, secondsSpent: 300, from: "device" });
    expect(
      draftToContinue(server("Cities are"), local("Cities are busy", { submitting: true })),
    ).toMatchObject({ text: "Cities are busy", from: "device" });
    // The server has nothing: the device's copy, saved or not.
    expect(draftToContinue(null, local("Cities"))).toMatchObject({ from: "device" });
  });

  it("offers the server's words when this device saved all it had (another device may have added)", () => {
    expect(draftToContinue(server("Cities are busy and loud"), local("Cities are"))).toEqual({
      text: "Cities are busy and loud",
      secondsLeft: 1200,
      secondsSpent: 0,
      from: "server",
    });
  });

  it("takes the smaller time left when both hold the same words (the device counted on)", () => {
    expect(draftToContinue(server("Same words", 1200), local("Same words"))).toEqual({
      text: "Same words",
      secondsLeft: 1100,
      secondsSpent: 300,
      from: "server",
    });
    expect(
      draftToContinue(server("Same words", null), local("Same words"))?.secondsLeft,
    ).toBeNull();
  });
});
