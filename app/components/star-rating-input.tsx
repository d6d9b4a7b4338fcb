import { useFormState } from "./fields/form-state.tsx";
import { StarIcon } from "./icons.tsx";

/**
 * A 1–5 star choice as a native radio group, in reading order: Right and Down go up a star, Left
 * and Up down one, Tab lands on the chosen star (or the first), each is read out as "N out of 5
 * stars", and it works without JavaScript. Stars up to the hovered or chosen one fill through CSS
 * alone (the `:has` rules in app.css), so no state is needed. Its error is the form's state's
 * unless given.
 */
export function StarRatingInput({
  name = "rating",
  defaultValue,
  error: givenError,
}: {
  name?: string;
  defaultValue?: number | undefined;
  error?: string;
}) {
  const formState = useFormState();
  const error = givenError ?? formState.fieldErrors?.[name];
  const errorId = `${name}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="block text-sm font-semibold text-slate-800">Rating</legend>
      <div className="star-rating mt-1 inline-flex gap-1">
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className="cursor-pointer text-slate-300">
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={defaultValue === value}
              required
              className="peer sr-only"
            />
            <span className="sr-only">{`${value} out of 5 stars`}</span>
            <StarIcon className="size-8 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600" />
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
