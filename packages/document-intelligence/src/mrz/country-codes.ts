/**
 * Three-letter codes accepted in the MRZ issuing-state and nationality fields (ICAO Doc 9303 part 3 §5):
 * ISO 3166-1 alpha-3, plus ICAO's own codes (Germany 'D', the British variants, the UN and EU codes,
 * stateless/refugee codes and the ones for organisations).
 */
const ISO_3166_ALPHA3 = (
  'ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR BHR BHS ' +
  'BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV ' +
  'CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM ' +
  'GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN ' +
  'IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE ' +
  'LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS ' +
  'MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK ' +
  'PRT PRY PSE PYF QAT REU ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR ' +
  'SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA UGA UKR UMI URY ' +
  'USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE'
).split(' ');

const ICAO_SPECIAL_CODES = [
  'D', // Germany
  'GBD',
  'GBN',
  'GBO',
  'GBP',
  'GBS', // British dependent territories citizen, national (overseas), overseas citizen, protected person, subject
  'UNO',
  'UNA',
  'UNK', // United Nations organisation / specialised agency / Kosovo resident (UNMIK)
  'XXA',
  'XXB',
  'XXC',
  'XXX', // stateless, refugee (1951 convention), refugee (other), unspecified nationality
  'EUE', // European Union
  'XBA',
  'XIM',
  'XCC',
  'XCE',
  'XCO',
  'XDC',
  'XEC',
  'XES',
  'XMP',
  'XOM',
  'XPO',
  'XSC', // organisations per Doc 9303 part 3 table
  'RKS', // Kosovo (used by Kosovo's own documents)
];

const VALID_CODES = new Set<string>([...ISO_3166_ALPHA3, ...ICAO_SPECIAL_CODES]);

/** `code` as it stands in the MRZ, fillers included ("D<<"). */
export function isValidMrzCountryCode(code: string): boolean {
  const trimmed = code.replace(/<+$/, '');
  return VALID_CODES.has(trimmed);
}

/** Utopia, the fictitious state of ICAO Doc 9303's specimens: a well-formed code that no real state issues. */
export const SPECIMEN_STATE_CODE = 'UTO';

/** A state code a document may carry: one ICAO 9303 defines, or the specimens' Utopia. */
export function isKnownStateCode(code: string): boolean {
  return code === SPECIMEN_STATE_CODE || isValidMrzCountryCode(code);
}

/**
 * The MRZ's issuing state and nationality are codes that exist (or the specimens' Utopia). Neither has a check
 * digit: a blurred card back whose numeric fields were read as letters (O, S, Z, repaired to digits) passed every
 * check with BEL read 'DFL' (seed 7 doc 26). Readers that guess use this to refuse such a reading; a document that
 * prints a code no state uses is still reported so by the authenticity signals.
 */
export function mrzStatesExist(mrz: { fields: Record<string, { value: string } | undefined> }): boolean {
  return ['issuingState', 'nationality'].every((name) => {
    const code = mrz.fields[name]?.value;
    return code === undefined || isKnownStateCode(code);
  });
}
