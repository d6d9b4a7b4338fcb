import { describe, expect, it } from "vitest";
import {
  formatInTimeZone,
  instantToLocalDateTime,
  isTimeZone,
  localDateTimeToInstant,
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
