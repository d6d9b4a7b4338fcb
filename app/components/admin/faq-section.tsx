import {
  MAX_FAQ_ANSWER_LENGTH,
  MAX_FAQ_ITEMS,
  MAX_FAQ_QUESTION_LENGTH,
  MIN_FAQ_ITEMS,
} from "../../../core/limits/field-limits.ts";
import type { FaqItem } from "../../../core/site/site-words.ts";
import { FieldForm, TextAreaField, TextField } from "../form-field.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { formStateOf, type LastChange, LastChangeLine, type RefusedForm } from "./last-change.tsx";

const ANSWER_HINT = `Markdown, up to ${MAX_FAQ_ANSWER_LENGTH} characters.`;

/**
 * The FAQ on the home page: each question in a form of its own whose buttons save, move or
 * remove it (plain submit buttons, so all of it works without JavaScript), and a form that adds
 * one. `refused` is a refused FAQ form's answer; it belongs to the item it names.
 */
export function FaqSection({
  items,
  lastChange,
  refused,
}: {
  items: FaqItem[];
  lastChange: LastChange | null;
  refused?: (RefusedForm & { intent: string }) | undefined;
}) {
  const refusedItem = refused?.intent === "faq-edit" || refused?.intent === "faq-remove";
  const stateFor = (item: FaqItem) =>
    refusedItem && refused?.values.itemId === item.id ? refused : undefined;
  return (
    <PanelSection id="faq" title="Frequently asked questions">
      <LastChangeLine change={lastChange} />
      <p className="mt-2 text-sm text-slate-600">
        From {MIN_FAQ_ITEMS} to {MAX_FAQ_ITEMS} questions, shown on the home page in this order.
      </p>
      <ol className="mt-4 space-y-6">
        {items.map((item, index) => (
          <li key={item.id}>
            <FaqItemForm
              item={item}
              position={index + 1}
              first={index === 0}
              last={index === items.length - 1}
              removable={items.length > MIN_FAQ_ITEMS}
              refused={stateFor(item)}
            />
          </li>
        ))}
      </ol>
      {items.length < MAX_FAQ_ITEMS ? (
        <FieldForm
          state={formStateOf(refused?.intent === "faq-add" ? refused : undefined)}
          method="post"
          className="mt-8 space-y-4 border-t border-slate-200 pt-6"
        >
          <h3 className="font-semibold text-slate-900">Add a question</h3>
          <input type="hidden" name="intent" value="faq-add" />
          <FormLevelError refused={refused?.intent === "faq-add" ? refused : undefined} />
          <TextField
            label="New question"
            name="question"
            id="faq-new-question"
            maxLength={MAX_FAQ_QUESTION_LENGTH}
            required
          />
          <TextAreaField
            label="Its answer"
            name="answer"
            id="faq-new-answer"
            rows={4}
            maxLength={MAX_FAQ_ANSWER_LENGTH}
            required
            hint={ANSWER_HINT}
          />
          <SubmitButton className="btn-secondary" busyLabel="Adding…">
            Add the question
          </SubmitButton>
        </FieldForm>
      ) : (
        <p className="mt-8 border-t border-slate-200 pt-6 text-sm text-slate-600">
          The FAQ holds its most, {MAX_FAQ_ITEMS} questions: remove one to add another.
        </p>
      )}
    </PanelSection>
  );
}

function FaqItemForm({
  item,
  position,
  first,
  last,
  removable,
  refused,
}: {
  item: FaqItem;
  position: number;
  first: boolean;
  last: boolean;
  removable: boolean;
  refused: RefusedForm | undefined;
}) {
  const id = `faq-${item.id}`;
  // The buttons name the question, so a screen reader's list of buttons says which each moves.
  const named = (action: string) => `${action}: question ${position}`;
  return (
    <FieldForm
      state={formStateOf(refused)}
      method="post"
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        Question {position}
      </h3>
      <input type="hidden" name="itemId" value={item.id} />
      <FormLevelError refused={refused} />
      <TextField
        label="Question"
        name="question"
        id={`${id}-question`}
        maxLength={MAX_FAQ_QUESTION_LENGTH}
        defaultValue={item.question}
        required
      />
      <TextAreaField
        label="Answer"
        name="answer"
        id={`${id}-answer`}
        rows={4}
        maxLength={MAX_FAQ_ANSWER_LENGTH}
        defaultValue={item.answer}
        required
        hint={ANSWER_HINT}
      />
      <div className="flex flex-wrap gap-2">
        {/* The first button is what Enter in the question sends: saving, never moving. */}
        <SubmitButton
          name="intent"
          value="faq-edit"
          className="btn-secondary"
          busyLabel="Saving…"
          aria-label={named("Save")}
        >
          Save
        </SubmitButton>
        {!first && (
          <SubmitButton
            name="intent"
            value="faq-move-up"
            formNoValidate
            className="btn-secondary"
            busyLabel="Moving…"
            aria-label={named("Move up")}
          >
            Move up
          </SubmitButton>
        )}
        {!last && (
          <SubmitButton
            name="intent"
            value="faq-move-down"
            formNoValidate
            className="btn-secondary"
            busyLabel="Moving…"
            aria-label={named("Move down")}
          >
            Move down
          </SubmitButton>
        )}
        {removable && (
          <SubmitButton
            name="intent"
            value="faq-remove"
            formNoValidate
            className="btn-secondary text-red-700"
            busyLabel="Removing…"
            aria-label={named("Remove")}
          >
            Remove
          </SubmitButton>
        )}
      </div>
    </FieldForm>
  );
}

/** A refusal that belongs to the whole form (too many questions, or too few). */
function FormLevelError({ refused }: { refused: RefusedForm | undefined }) {
  const message = refused?.errors.form;
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
