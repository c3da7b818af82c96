import type { ReactNode } from "react"

/** A labelled form field. */
export const Field = ({ label, hint, children }: { label: string; hint?: ReactNode; children: ReactNode }) => (
  <label className="field">
    <span className="field-label">{label}</span>
    {children}
    {hint ? <span className="field-hint">{hint}</span> : null}
  </label>
)

/** Options for an expiry select, as seconds from now (0 = never). */
export const EXPIRIES: ReadonlyArray<readonly [string, number]> = [
  ["Never", 0],
  ["1 hour", 3600],
  ["1 day", 86_400],
  ["7 days", 7 * 86_400],
  ["30 days", 30 * 86_400],
]

/** The `expirationTime` for an expiry choice. */
export const expirationTimeOf = (seconds: number) => (seconds === 0 ? undefined : String(Math.floor(Date.now() / 1000) + seconds))

/** Expiry select. */
export const ExpirySelect = ({ value, onChange }: { value: number; onChange: (seconds: number) => void }) => (
  <Field label="Expires">
    <select name="expiry" value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {EXPIRIES.map(([label, seconds]) => (
        <option key={seconds} value={seconds}>
          {label}
        </option>
      ))}
    </select>
  </Field>
)
