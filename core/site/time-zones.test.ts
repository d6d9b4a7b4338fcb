import { describe, expect, it } from "vitest";
import {
  formatInTimeZone,
  instantToLocalDateTime,
  isTimeZone,
  localDateTimeToInstant,
  parsePublishAt,
  selectableTimeZones,
} from "./time-zones.ts";

describe("the teacher's time zone", () => {
  it("reads a datetime-local value in the zone as the instant it names", () => {
    expect(localDateTimeToInstant("2026-12-01T09:30", "UTC")?.toISOString()).toBe(
      "2026-12-01T09:30:00.000Z",
    );
    expect(localDateTimeToInstant("2026-12-01T09:30", "Asia/Kolkata")?.toISOString()).toBe(
      "2026-12-01T04:00:00.000Z",
    );
    // Summer time in London: an hour ahead of UTC.
    expect(localDateTimeToInstant("2026-07-01T09:30", "Europe/London")?.toISOString()).toBe(
      "2026-07-01T08:30:00.000Z",
    );
    expect(localDateTimeToInstant("2026-07-01T09:30:15", "America/New_York")?.toISOString()).toBe(
      "2026-07-01T13:30:15.000Z",
    );
  });

  it("takes a time the clocks skip forward past as the same time read before the change", () => {
    // London, 29 March 2026: 01:00 GMT becomes 02:00 BST, so 01:30 never shows on a clock.
    expect(localDateTimeToInstant("2026-03-29T01:30", "Europe/London")?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    expect(localDateTimeToInstant("2026-03-29T00:59", "Europe/London")?.toISOString()).toBe(
      "2026-03-29T00:59:00.000Z",
    );
    expect(localDateTimeToInstant("2026-03-29T02:00", "Europe/London")?.toISOString()).toBe(
      "2026-03-29T01:00:00.000Z",
    );
  });

  it("takes a time that happens twice as its first occurrence", () => {
    // New York, 1 November 2026: 02:00 EDT goes back to 01:00 EST, so 01:30 happens twice.
    expect(localDateTimeToInstant("2026-11-01T01:30", "America/New_York")?.toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    expect(localDateTimeToInstant("2026-11-01T02:30", "America/New_York")?.toISOString()).toBe(
      "2026-11-01T07:30:00.000Z",
    );
  });

  it("refuses what is no date and time, or no zone", () => {
    for (const text of ["", "tomorrow", "2026-02-30T10:00", "2026-12-01T24:00", "2026-12-01"]) {
      expect(localDateTimeToInstant(text, "UTC"), text).toBeUndefined();
    }
    expect(localDateTimeToInstant("2026-12-01T09:30", "Mars/Olympus_Mons")).toBeUndefined();
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Europe/Nowhere")).toBe(false);
  });

  it("shows an instant as the zone's datetime-local value, the way back", () => {
    const instant = new Date("2026-07-01T08:30:00Z");
    expect(instantToLocalDateTime(instant, "Europe/London")).toBe("2026-07-01T09:30");
    expect(instantToLocalDateTime(instant, "UTC")).toBe("2026-07-01T08:30");
    expect(
      localDateTimeToInstant(instantToLocalDateTime(instant, "Asia/Tokyo"), "Asia/Tokyo"),
    ).toEqual(instant);
  });
});

describe("the zones offered and times shown", () => {
  it("offers UTC first, then every zone in order, keeping a stored zone the list lacks", () => {
    const zones = selectableTimeZones("UTC");
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Europe/London");
    expect(zones.filter((zone) => zone === "UTC")).toHaveLength(1);
    expect(zones.slice(1)).toEqual([...zones.slice(1)].sort());
    // The runtime's old names come by their present ones; a stored old name stays choosable.
    expect(zones).toContain("Asia/Kolkata");
    expect(zones).toContain("Europe/Kyiv");
    expect(zones).not.toContain("Asia/Calcutta");
    expect(selectableTimeZones("Asia/Calcutta")).toContain("Asia/Calcutta");
  });

  it("shows an instant as the wall-clock time of the zone", () => {
    const instant = new Date("2026-07-01T08:05:00Z");
    expect(formatInTimeZone(instant, "Europe/London")).toBe("1 July 2026 at 09:05");
    expect(formatInTimeZone(instant, "Asia/Kolkata")).toBe("1 July 2026 at 13:35");
    expect(formatInTimeZone(instant, "UTC")).toBe("1 July 2026 at 08:05");
  });
});

describe("a time zone's name", () => {
  it("is refused when empty, over 64 characters or unknown", () => {
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone(`Europe/${"x".repeat(60)}`)).toBe(false);
  });
});

describe("a publishing time as a client sends it", () => {
  it("reads an instant with its offset, whatever the teacher's zone", () => {
    expect(parsePublishAt("2026-12-01T09:30:00Z", "Australia/Sydney")?.toISOString()).toBe(
      "2026-12-01T09:30:00.000Z",
    );
    expect(parsePublishAt("2026-12-01T09:30:00+01:00", "UTC")?.toISOString()).toBe(
      "2026-12-01T08:30:00.000Z",
    );
    expect(parsePublishAt("2026-12-01T09:30:00-0500", "UTC")?.toISOString()).toBe(
      "2026-12-01T14:30:00.000Z",
    );
    expect(parsePublishAt("  2026-12-01T09:30:00.000z  ", "UTC")?.toISOString()).toBe(
      "2026-12-01T09:30:00.000Z",
    );
  });

  it("reads a wall-clock time in the teacher's zone, spaces around it forgiven", () => {
    expect(parsePublishAt(" 2026-12-01T09:30 ", "Australia/Sydney")?.toISOString()).toBe(
      "2026-11-30T22:30:00.000Z",
    );
    expect(localDateTimeToInstant(" 2026-07-01T09:30:15 ", "UTC")?.toISOString()).toBe(
      "2026-07-01T09:30:15.000Z",
    );
  });

  it("refuses anything else", () => {
    for (const text of [
      "",
      "tomorrow at nine",
      "2026-12-01 09:30Z",
      "12/01/2026T09:30Z",
      "2026-12-1T09:30Z",
      "2026-12-01T9:30Z",
      "2026-12-01T09:3Z",
      "x2026-12-01T09:30Z",
      "2026-12-01T09:30+1:00",
      "2026-12-01T09:30:00+01:00 and more text after",
      "2026-12-01T09:30 tomorrow",
      "on 2026-12-01T09:30",
      "2026-12-01T24:00",
      "2026-02-30T09:30",
      "2026-13-01T09:30",
      "2026-12-32T09:30",
      "2026-12-01T09:61Z",
    ]) {
      expect(parsePublishAt(text, "Europe/London"), text).toBeUndefined();
    }
  });

  it("takes a text of 40 characters and refuses one of 41", () => {
    const forty = "2026-12-01T09:30:00.00000000000000+01:00";
    expect(forty).toHaveLength(40);
    expect(parsePublishAt(forty, "UTC")?.toISOString()).toBe("2026-12-01T08:30:00.000Z");
    expect(parsePublishAt(forty.replace(".", ".0"), "UTC")).toBeUndefined();
  });
});

describe("times on the nights the clocks change, far from UTC", () => {
  it("reads New York's repeated hour as its first occurrence and its skipped hour forward", () => {
    // 2026-11-01: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(localDateTimeToInstant("2026-11-01T01:30", "America/New_York")?.toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    // 2026-03-08: 02:30 never happens; read with EST (before the change): 07:30Z, 03:30 EDT.
    expect(localDateTimeToInstant("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    expect(localDateTimeToInstant("2026-10-04T02:30", "Australia/Sydney")?.toISOString()).toBe(
      "2026-10-03T16:30:00.000Z",
    );
  });

  it("shows the same wall-clock time again for the same zone, and another for another", () => {
    const instant = new Date("2026-06-15T12:00:00Z");
    expect(instantToLocalDateTime(instant, "Asia/Kolkata")).toBe("2026-06-15T17:30");
    expect(instantToLocalDateTime(instant, "Asia/Kolkata")).toBe("2026-06-15T17:30");
    expect(instantToLocalDateTime(instant, "America/Los_Angeles")).toBe("2026-06-15T05:00");
    expect(formatInTimeZone(instant, "Asia/Kolkata")).toBe("15 June 2026 at 17:30");
    expect(formatInTimeZone(instant, "Asia/Kolkata")).toBe("15 June 2026 at 17:30");
    expect(formatInTimeZone(instant, "America/Los_Angeles")).toBe("15 June 2026 at 05:00");
  });
});

describe("the zones a teacher chooses from, by their present names", () => {
  it("lists the renamed zones by the names people use today, and not the old ones", () => {
    const zones = selectableTimeZones("UTC");
    for (const present of [
      "Africa/Asmara",
      "America/Argentina/Buenos_Aires",
      "America/Nuuk",
      "America/Indiana/Indianapolis",
      "America/Kentucky/Louisville",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Asia/Yangon",
      "Asia/Ho_Chi_Minh",
      "Atlantic/Faroe",
      "Europe/Kyiv",
      "Pacific/Kanton",
      "Pacific/Pohnpei",
      "Pacific/Chuuk",
    ]) {
      expect(zones, present).toContain(present);
    }
    for (const old of ["Asia/Calcutta", "Asia/Saigon", "Europe/Kiev", "Pacific/Truk"]) {
      expect(zones, old).not.toContain(old);
    }
    expect(zones.filter((zone) => zone === "UTC")).toEqual(["UTC"]);
  });
});
