import { auditCsvHeader, auditCsvRow, csvCell } from './audit-log-csv';

describe('audit log CSV', () => {
  it('quotes per RFC 4180 only when a field needs it, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(403)).toBe('403');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd'])('neutralises a formula start: %j', (value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(cell).toContain(value.slice(1));
  });

  it('neutralises and quotes together: a formula with a comma and a quote', () => {
    expect(csvCell('=HYPERLINK("http://x",1)')).toBe('"\'=HYPERLINK(""http://x"",1)"');
  });

  it('writes a header and rows with CRLF line ends, in the column order', () => {
    const row = auditCsvRow({
      id: '7',
      occurredAt: '2026-11-27T10:00:00.000Z',
      operatorId: 'op-1',
      operatorRole: 'reviewer',
      action: 'sessions.case.view',
      target: 'project:p session:=cmd',
      outcome: 'succeeded',
      statusCode: 200,
      requestId: 'req-1',
      channel: 'api',
    });
    expect(auditCsvHeader()).toBe('id,occurredAt,operatorId,operatorRole,action,target,outcome,statusCode,requestId,channel\r\n');
    expect(row).toBe('7,2026-11-27T10:00:00.000Z,op-1,reviewer,sessions.case.view,project:p session:=cmd,succeeded,200,req-1,api\r\n');
    expect(auditCsvRow({ ...JSON.parse('{}'), id: '-1', target: null })).toMatch(/^'-1,/);
  });
});
