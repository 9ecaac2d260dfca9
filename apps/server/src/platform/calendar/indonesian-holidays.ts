import Holidays from 'date-holidays';

const cache = new Map<number, readonly string[]>();

/** One year's national (public) holidays of Indonesia as `YYYY-MM-DD`, from the date-holidays calendar. */
function holidaysOf(year: number): readonly string[] {
  let days = cache.get(year);
  if (!days) {
    const calendar = new Holidays('ID');
    days = calendar
      .getHolidays(year)
      .filter((h) => h.type === 'public')
      .map((h) => h.date.slice(0, 10));
    cache.set(year, days);
  }
  return days;
}

/**
 * Indonesia's national holidays of `years` (issue 21: bills count working days — weekends and national
 * holidays excluded), for the contracts' `addWorkingDays` / `isWorkingDay`.
 */
export function indonesianHolidays(years: readonly number[]): ReadonlySet<string> {
  return new Set(years.flatMap(holidaysOf));
}
