import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useState,
} from "react";

type Common = { label: string; name: string; error?: string };

/**
 * A labelled control whose error sits beside it and is announced with it: the control gets
 * `aria-invalid` and `aria-describedby` pointing at the message.
 */
function Field({
  label,
  name,
  error,
  control,
}: Common & {
  control: (props: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
}) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {control({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  name,
  error,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      name={name}
      error={error}
      control={(props) => <input className="field mt-1" {...props} {...input} />}
    />
  );
}

export function TextAreaField({
  label,
  name,
  error,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      label={label}
      name={name}
      error={error}
      control={(props) => <textarea className="field mt-1" {...props} {...textarea} />}
    />
  );
}

/** A labelled choice among `options` (value → label); the first option may stand for "none". */
export function SelectField({
  label,
  name,
  error,
  options,
  ...select
}: Common & {
  options: Record<string, string> | [string, string][];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const entries = Array.isArray(options) ? options : Object.entries(options);
  return (
    <Field
      label={label}
      name={name}
      error={error}
      control={(props) => (
        <select className="field mt-1 block" {...props} {...select}>
          {entries.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * A password field with a button that shows what was typed. The button needs JavaScript, so it
 * appears only once the page runs it; until then the field is a plain password field. The
 * button's name is just "Show" (pressed or not), so the field alone answers to its label.
 */
export function PasswordField({
  label,
  name,
  error,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const [shown, setShown] = useState(false);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <Field
      label={label}
      name={name}
      error={error}
      control={(props) => (
        <div className="relative mt-1">
          <input
            className={`field ${scripted ? "pr-20" : ""}`}
            {...props}
            {...input}
            type={shown ? "text" : "password"}
          />
          {scripted && (
            <button
              type="button"
              className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-slate-100"
              aria-pressed={shown}
              aria-controls={props.id}
              onClick={() => setShown((value) => !value)}
            >
              {shown ? "Hide" : "Show"}
            </button>
          )}
        </div>
      )}
    />
  );
}
