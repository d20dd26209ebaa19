/** A plain form's refusal as actions answer it: the message, the field it is about, what was typed. */
export interface FieldRefusal {
  ok: false;
  error: string;
  field?: string;
  values?: Record<string, string>;
}

/**
 * Reads a refused form field by field: `errorFor(name)` is the message when the refusal is
 * about that field, and `typed(name, fallback)` is what was typed there (the fallback when
 * nothing was refused), so a plain post keeps every value without JavaScript.
 */
export function refusalFields(refused: FieldRefusal | null | undefined) {
  return {
    errorFor: (name: string) => (refused?.field === name ? refused.error : undefined),
    typed: (name: string, fallback: string) => refused?.values?.[name] ?? fallback,
  };
}
