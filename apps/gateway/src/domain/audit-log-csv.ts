/**
 * The audit log as CSV (issue 29 item 5): RFC 4180 (CRLF line ends, every field quoted when it holds
 * a comma, a quote, CR or LF, quotes doubled) with a header row, and safe to open in a spreadsheet:
 * a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula
 * (CSV/formula injection, OWASP), so it gets a leading `'`. Audit rows hold ids and codes only, but
 * a target is built from route parameters a caller chose, so nothing in them is trusted.
 */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurredAt',
  'operatorId',
  'operatorRole',
  'action',
  'target',
  'outcome',
  'statusCode',
  'requestId',
  'channel',
] as const;

export type AuditCsvRow = Record<(typeof AUDIT_CSV_COLUMNS)[number], string | number | null>;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export const auditCsvHeader = (): string => csvLine(AUDIT_CSV_COLUMNS);

export const auditCsvRow = (row: AuditCsvRow): string => csvLine(AUDIT_CSV_COLUMNS.map((column) => row[column]));
