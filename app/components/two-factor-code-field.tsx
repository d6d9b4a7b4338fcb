import { TextField } from "./form-field.tsx";

/**
 * A code to prove the second factor: the 6 digits of the authenticator app, or, where
 * `orBackupCode`, one of the backup codes too (letters and a dash: no capitals, no spell check).
 */
export function TwoFactorCodeField({
  label,
  orBackupCode = false,
}: {
  label: string;
  orBackupCode?: boolean;
}) {
  const kind = orBackupCode
    ? { autoCapitalize: "off", spellCheck: false, maxLength: 40 }
    : { inputMode: "numeric" as const, maxLength: 12 };
  return <TextField label={label} name="code" autoComplete="one-time-code" required {...kind} />;
}
