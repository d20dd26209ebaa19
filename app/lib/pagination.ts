/**
 * Keyset pagination for the portal's long lists: a page is the rows after a cursor naming the
 * last row shown (its time and id), newest first. The cursor travels in the URL (`?cursor=`),
 * so the 'Load more' link works without JavaScript.
 */

import { isCalendarDay } from "./dates";

export const PAGE_SIZE = 50;

export interface Cursor {
  createdAt: Date;
  id: string;
}

/** The cursor after this row, as a URL-safe string. */
export function encodeCursor(row: Cursor): string {
  return `${row.createdAt.toISOString()}_${row.id}`;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i;

/** The cursor in a URL, or null when absent or malformed (a bad cursor shows the first page). */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  const match = value ? CURSOR.exec(value) : null;
  if (!match) return null;
  const createdAt = new Date(match[1] as string);
  if (Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id: (match[2] as string).toLowerCase() };
}

export interface Page<T> {
  rows: T[];
  /** The cursor for the next page, or null on the last page. */
  next: string | null;
}

/**
 * A page from rows fetched with `limit + 1` (the extra row only says whether there is more).
 */
export function toPage<T extends Cursor>(rows: T[], limit = PAGE_SIZE): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return { rows: shown, next: more && last ? encodeCursor(last) : null };
}

/**
 * A cursor for a list in the order of a numbered series (invoices by their serial, newest
 * first) or of a day and then the series (the overdue list: due date, then serial): the last
 * row's serial, after its day when the order has one ("51", "2026-10-01_51").
 */
export interface SerialCursor {
  on?: string;
  serial: number;
}

export function encodeSerialCursor(row: SerialCursor): string {
  return row.on ? `${row.on}_${row.serial}` : String(row.serial);
}

const SERIAL_CURSOR = /^(?:(\d{4}-\d{2}-\d{2})_)?([1-9]\d{0,8})$/;

/** The serial cursor in a URL, or null when absent or malformed (the first page then). */
export function decodeSerialCursor(value: string | null | undefined): SerialCursor | null {
  const match = value ? SERIAL_CURSOR.exec(value) : null;
  if (!match) return null;
  const serial = Number(match[2]);
  if (!match[1]) return { serial };
  return isCalendarDay(match[1]) ? { on: match[1], serial } : null;
}
