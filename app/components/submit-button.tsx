import { type ButtonHTMLAttributes, type ReactNode, useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * A form's submit button that says what happens while it works ("Posting…") and cannot be
 * pressed twice meanwhile. Busy only for the button that was pressed, so other forms on the page
 * keep their words. `pending` overrides it for a fetcher's form. Without JavaScript it is a plain
 * button: the browser's own loading indicator shows the wait.
 */
export function SubmitButton({
  children,
  busyLabel,
  pending,
  className = "btn-primary",
  onClick,
  ...button
}: {
  children: ReactNode;
  busyLabel: string;
  pending?: boolean;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const [pressed, setPressed] = useState(false);
  const submitting = navigation.state !== "idle" && navigation.formMethod !== undefined;
  useEffect(() => {
    if (!submitting) setPressed(false);
  }, [submitting]);
  const busy = pending ?? (pressed && submitting);
  return (
    <button
      {...button}
      type="submit"
      className={className}
      disabled={busy || button.disabled}
      onClick={(event) => {
        setPressed(true);
        onClick?.(event);
      }}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
