// Public API of @kyc/face; filled in by the detection/alignment/embedding modules.
export {};
