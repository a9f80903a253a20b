import { findDates, repairDigits } from './dates';
import { findIssueDate } from './issue-date';

const isos = (line: string): string[] => findDates(line).map((d) => d.iso);

describe('findDates', () => {
  it.each([
    ['12.03.2026', '2026-03-12'],
    ['12/03/2026', '2026-03-12'],
    ['2026-03-12', '2026-03-12'],
    ['12 March 2026', '2026-03-12'],
    ['March 12, 2026', '2026-03-12'],
    ['Mar 12th, 2026', '2026-03-12'],
    ['12. März 2026', '2026-03-12'],
    ['12. Maerz 2026', '2026-03-12'],
    ['1. Dezember 2025', '2025-12-01'],
    ['12 березня 2026', '2026-03-12'],
    ['12.03.26', '2026-03-12'],
    ['03/25/2026', '2026-03-25'],
  ])('reads %s', (text, iso) => {
    expect(isos(`Datum: ${text}`)).toEqual([iso]);
  });

  it('tolerates the OCR reading 0 as O and 1 as l inside numbers', () => {
    expect(repairDigits('1O.O3.2026')).toBe('10.03.2026');
    expect(isos('Date: l2.O3.2026')).toEqual(['2026-03-12']);
    // Not inside words.
    expect(repairDigits('Oktober Olaf')).toBe('Oktober Olaf');
  });

  it('finds none in non-dates: impossible days, phone numbers, amounts', () => {
    expect(isos('31.02.2026')).toEqual([]);
    expect(isos('Tel. 030 123456')).toEqual([]);
    expect(isos('Betrag 12.034,50 EUR')).toEqual([]);
  });

  it('finds both ends of a period', () => {
    expect(isos('Zeitraum 01.01.2026 - 31.01.2026')).toEqual(['2026-01-01', '2026-01-31']);
  });
});

describe('findIssueDate', () => {
  it('prefers the captioned issue date over due dates and periods printed before it', () => {
    expect(findIssueDate(['Abrechnungszeitraum 01.01.2026 - 31.01.2026', 'Fällig am 28.02.2026', 'Rechnungsdatum: 10.02.2026'])).toBe(
      '2026-02-10',
    );
    expect(findIssueDate(['Payment due date: 1 April 2026', 'Statement date: 12 March 2026'])).toBe('2026-03-12');
    expect(findIssueDate(['Fälligkeitsdatum 28.02.2026', 'Datum 10.02.2026'])).toBe('2026-02-10');
  });

  it('takes a caption on the line above the date', () => {
    expect(findIssueDate(['Due date', '01.04.2026', 'Issue date', '12.03.2026'])).toBe('2026-03-12');
  });

  it('takes an uncaptioned date (the letter\'s "Berlin, 12.03.2026") over a due date', () => {
    expect(findIssueDate(['Zahlbar bis 30.03.2026', 'Berlin, 12.03.2026'])).toBe('2026-03-12');
  });

  it('gives no issue date when only other dates are printed', () => {
    expect(findIssueDate(['Date of birth: 01.02.1980', 'Due 01.04.2026'])).toBeNull();
    expect(findIssueDate(['no date here'])).toBeNull();
  });
});
