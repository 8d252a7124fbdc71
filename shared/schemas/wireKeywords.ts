/** Cross-field rules as docs/openapi.json states them (contract: "What the wire reads"): these keys are present. */
export const given = (...keys: string[]) => ({ required: keys });

/** Text that neither starts nor ends with white space (so not blank either); `[\s\S]` spans line breaks. */
export const TRIMMED = '^\\S(?:[\\s\\S]*\\S)?$';
