/** Ids that tie a control to its hint and error text (aria-describedby). */
export function describedBy(inputId: string, hint?: string, error?: string) {
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { hintId, errorId, ids: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}
