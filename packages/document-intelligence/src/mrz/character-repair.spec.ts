import { isCharacterRepair, normaliseMrzLine, repairField, repairStateCodeFillers } from './character-repair';

describe('normaliseMrzLine', () => {
  it('maps full-width forms and filler look-alikes, and drops spaces', () => {
    expect(normaliseMrzLine('P<D<<SCHAEFER« FELIX')).toBe('P<D<<SCHAEFER<<FELIX');
    expect(normaliseMrzLine('17W1TT2R1９D‹‹52')).toBe('17W1TT2R19D<<52');
  });

  it('reads Greek and Cyrillic capitals and symbols drawn like Latin letters as those letters', () => {
    expect(normaliseMrzLine('IDB∈L8KFJ502FZ3<<<<<<<<<<<<<<<')).toBe('IDBEL8KFJ502FZ3<<<<<<<<<<<<<<<');
    // Cyrillic О, Р and С, a lower-case Greek ε (capitalised first).
    expect(normaliseMrzLine('PОLСΑRΡεNTIER')).toBe('POLCARPENTIER');
  });

  it('drops a stray mark read before or after the line, never one inside it', () => {
    expect(normaliseMrzLine('、 HN23rYHGK3BEL8301150M2807317<<06.')).toBe('HN23RYHGK3BEL8301150M2807317<<06');
    expect(normaliseMrzLine('IDFRA-9GCC<<')).toBe('IDFRA-9GCC<<');
    // '>' is a misread filler at the line's end, left for the layout check to judge.
    expect(normaliseMrzLine('GIRARD<<LOUIS<<<>')).toBe('GIRARD<<LOUIS<<<>');
  });
});

describe('isCharacterRepair', () => {
  it('tells letter↔digit repairs by field type from padding cleared in a name', () => {
    const dates = repairField('74O812', 'numeric', 'birthDate');
    expect(dates.changes).toHaveLength(1);
    expect(dates.changes.every(isCharacterRepair)).toBe(true);
    const name = repairField('SEAN<<<<<K<<<<', 'name', 'names');
    expect(name.changes.length).toBeGreaterThan(0);
    expect(name.changes.some(isCharacterRepair)).toBe(false);
    expect(isCharacterRepair('line 1: filler run at 18 resized 7→26 to fit 44 characters')).toBe(false);
  });
});

describe('repairStateCodeFillers', () => {
  it("reads the K and C of a code that names no state as the fillers of one that does (Germany's D<<)", () => {
    expect(repairStateCodeFillers('DC<', 'issuingState')).toEqual({
      text: 'D<<',
      changes: ["issuingState: 'DC<' is no state's code; its K/C read as fillers, 'D<<' is"],
    });
    expect(repairStateCodeFillers('DKC', 'nationality').text).toBe('D<<');
  });

  it('leaves known codes with a K or C, and codes that stay unknown, as read', () => {
    for (const code of ['KEN', 'CHE', 'CAN', 'XCC', 'D<<', 'RLM', 'DCX'])
      expect(repairStateCodeFillers(code, 'issuingState')).toEqual({ text: code, changes: [] });
  });
});
