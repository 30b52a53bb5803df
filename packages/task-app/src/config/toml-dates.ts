/**
 * Calendar dates as Python's tomllib reads them: the TOML parser task-app
 * uses rolls an impossible day over into the next month (1979-02-30 reads
 * as 1979-03-02) and takes year 0, where tomllib refuses the file
 * (`datetime.date` checks the calendar; its years run 1 to 9999). This finds
 * the first date value that tomllib would refuse.
 */
import { skipString } from "./locate.js";

const DATE = /(\d{4})-(\d{2})-(\d{2})/y;

/** Days in `month` (1-12) of `year`, in the proleptic Gregorian calendar Python uses. */
const daysIn = (year: number, month: number) => (month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The offset and reason of the first date value (a date, or the date of a date-time) that is not a calendar date, or undefined. */
export function findInvalidDate(text: string): { offset: number; reason: string } | undefined {
  /** The last character that was not blank or a comment: a value follows `=`, `,` or an array's `[`. */
  let last = "\n";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\r") continue;
    if (c === "#") {
      const end = text.indexOf("\n", i);
      i = (end < 0 ? text.length : end) - 1;
      continue;
    }
    if (c === '"' || c === "'") {
      i = skipString(text, i) - 1;
      last = c;
      continue;
    }
    if (c >= "0" && c <= "9" && (last === "=" || last === "," || (last === "[" && !lineStartsAt(text, i)))) {
      DATE.lastIndex = i;
      const m = DATE.exec(text);
      if (m) {
        const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
        const literal = m[0];
        if (year < 1) return { offset: i, reason: `invalid date ${literal}: years run from 0001 (Python's tomllib refuses year 0000)` };
        if (month >= 1 && month <= 12 && (day < 1 || day > daysIn(year, month)))
          return { offset: i, reason: `invalid date ${literal}: ${MONTHS[month - 1]} ${year} has ${daysIn(year, month)} days (Python's tomllib refuses it)` };
      }
    }
    last = c;
  }
  return undefined;
}

/** Whether only blanks stand between the start of the line and `offset`... of the `[` before it: a table header, not an array. */
function lineStartsAt(text: string, offset: number): boolean {
  const bracket = text.lastIndexOf("[", offset);
  const lineStart = text.lastIndexOf("\n", bracket) + 1;
  return text.slice(lineStart, bracket).trim() === "";
}
