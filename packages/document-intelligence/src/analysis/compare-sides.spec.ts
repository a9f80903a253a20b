import { compareSides } from './compare-sides';
import { type ExtractedData, type SideAnalysis } from './types';

function side(
  extractedData: ExtractedData,
  detectedDocumentType: SideAnalysis['detectedDocumentType'] = 'id_card',
  detectionConfidence = 0.9,
): SideAnalysis {
  return {
    side: 'front',
    detectedDocumentType,
    detectionConfidence,
    requiresBackSide: true,
    mrz: null,
    viz: { raw: {}, text: '' },
    extractedData,
    problems: [],
    authenticitySignals: [],
    issues: [],
    rotation: 0,
    portrait: { checked: false, reason: 'test' },
    quality: {
      blur: 500,
      brightness: 150,
      glare: 0,
      width: 1000,
      height: 700,
      saturation: 0.2,
      colourfulShare: 0.2,
      highFrequencyRatio: 0.1,
    },
    timingsMs: { ocr: 0, mrz: 0, total: 0 },
  };
}

describe('compareSides', () => {
  const front = side({ lastName: 'MÜLLER', dateOfBirth: '1980-02-03', documentNumber: 'T22000129' });

  it('accepts sides that agree, including a transliterated or truncated surname on the back', () => {
    expect(compareSides(front, side({ lastName: 'MULLER', dateOfBirth: '1980-02-03', documentNumber: 't220-00129' }))).toEqual({
      mixingSuspected: false,
      zonesDisagree: false,
    });
  });

  it('accepts the MRZ spelling of an umlaut against the printed one', () => {
    expect(compareSides(front, side({ lastName: 'MUELLER', dateOfBirth: '1980-02-03' })).mixingSuspected).toBe(false);
    expect(compareSides(side({ lastName: 'MUELLER' }), side({ lastName: 'Müller' })).mixingSuspected).toBe(false);
    expect(compareSides(front, side({ lastName: 'SCHMIDT' })).mixingSuspected).toBe(true);
  });

  it('suspects mixing on a different birth date or document number, and names the fields', () => {
    const result = compareSides(front, side({ lastName: 'MULLER', dateOfBirth: '1981-02-03', documentNumber: 'X99999999' }));
    expect(result.mixingSuspected).toBe(true);
    expect(result.reason).toContain('documentNumber');
    expect(result.reason).toContain('dateOfBirth');
  });

  it('suspects mixing when the two sides are different kinds of document', () => {
    expect(compareSides(front, side({}, 'driver_license')).mixingSuspected).toBe(true);
  });

  it("does not hold a type guessed from a front's layout against the type the back's MRZ names", () => {
    // decideDocumentType calls a front with a data zone but no legible name an identity card (0.55).
    const guessedFront = side({ lastName: 'MÜLLER' }, 'id_card', 0.55);
    expect(compareSides(guessedFront, side({ lastName: 'MULLER' }, 'residence_permit', 0.95)).mixingSuspected).toBe(false);
    expect(compareSides(guessedFront, side({ lastName: 'SCHMIDT' }, 'residence_permit', 0.95)).mixingSuspected).toBe(true);
  });

  it('does not treat missing fields as evidence', () => {
    expect(compareSides(front, side({}))).toEqual({ mixingSuspected: false, zonesDisagree: false });
  });

  it("takes look-alikes in a front's number for a misread, not another document (O for 0, S for 5)", () => {
    const card = side({ lastName: 'JANSSENS', dateOfBirth: '1975-10-04', documentNumber: 'OPP7YM1NV' });
    expect(compareSides(card, side({ lastName: 'JANSSENS', dateOfBirth: '1975-10-04', documentNumber: '0PP7YM1NV' }))).toEqual({
      mixingSuspected: false,
      zonesDisagree: false,
    });
    // One character apart once look-alikes are folded (F read E; O read for 0 twice): still one card.
    expect(compareSides(side({ documentNumber: 'WVENOCNMO' }), side({ documentNumber: 'WVFN0CNM0' })).mixingSuspected).toBe(false);
  });

  it('calls one card whose printed surname or birth date disagrees with its MRZ a zone disagreement, not mixing', () => {
    const back = side({ lastName: 'DUBOIS', dateOfBirth: '1987-03-23', expiryDate: '2030-09-22', documentNumber: '8KFJ502FZ' });
    const renamed = compareSides(side({ lastName: 'PEETERS', dateOfBirth: '1987-03-23', documentNumber: '8KFJ502FZ' }), back);
    expect(renamed).toMatchObject({ mixingSuspected: false, zonesDisagree: true });
    expect(renamed.reason).toContain('lastName');
    // No number read on the front: one field of three apart is a misread or an altered zone, not another card.
    expect(compareSides(side({ lastName: 'DUBOIS', dateOfBirth: '1907-03-23', expiryDate: '2030-09-22' }), back)).toMatchObject({
      mixingSuspected: false,
      zonesDisagree: true,
    });
    // No number, but the holder differs in name and birth date: another person's card.
    expect(compareSides(side({ lastName: 'PEETERS', dateOfBirth: '1990-11-02', expiryDate: '2030-09-22' }), back)).toMatchObject({
      mixingSuspected: true,
      zonesDisagree: false,
    });
  });
});
