import { returnedRows } from './index';

describe(returnedRows.name, () => {
  it('unwraps the [rows, count] pair of UPDATE/DELETE … RETURNING', () => {
    expect(returnedRows([[{ id: 1 }], 1])).toEqual([{ id: 1 }]);
    expect(returnedRows([[], 0])).toEqual([]);
  });

  it('keeps plain row arrays as they are', () => {
    expect(returnedRows([{ id: 1 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(returnedRows([])).toEqual([]);
  });
});
