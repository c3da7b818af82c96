import type { ReactNode } from "react"

/** What a field shows: its label, a hint, and what is wrong with its value. */
export interface FieldProps {
  readonly label: string
  readonly hint?: ReactNode
  readonly error?: string | undefined
  readonly children: ReactNode
}

/** A labelled form field, with what is wrong with its value (`error`) beside it, where it is typed. */
export const Field = ({ label, hint, error, children }: FieldProps) => (
  <label className={`field${error ? " field-invalid" : ""}`}>
    <span className="field-label">{label}</span>
    {children}
    {error ? (
      <span className="field-error" role="alert" data-testid="field-error">
        {error}
      </span>
    ) : hint ? (
      <span className="field-hint">{hint}</span>
    ) : null}
  </label>
)

/** The message of a check's answer (`parsePrice`, `parseQuantity`…), or undefined when the value is valid. */
export const errorOf = (checked: unknown): string | undefined => (typeof checked === "string" ? checked : undefined)

/** Options for an expiry select, as seconds from now (0 = never). */
export const EXPIRIES: ReadonlyArray<readonly [string, number]> = [
  ["Never", 0],
  ["1 hour", 3600],
  ["1 day", 86_400],
  ["7 days", 7 * 86_400],
  ["30 days", 30 * 86_400],
]

/** The `expirationTime` for an expiry choice. */
export const expirationTimeOf = (seconds: number) =>
  seconds === 0 ? undefined : String(Math.floor(Date.now() / 1000) + seconds)

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
