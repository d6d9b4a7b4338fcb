import { Form } from "react-router";
import { useModalDialog } from "../lib/use-modal-dialog.ts";
import { SubmitButton } from "./submit-button.tsx";
import { UserText } from "./user-text.tsx";

/**
 * Delete first asks 'Are you sure you want to delete'. A native modal <dialog>: focus
 * moves into it and back, Escape cancels. The page offers the same question as a plain
 * confirmation step when JavaScript is off.
 */
export function ConfirmDeleteDialog({
  review,
  onCancel,
}: {
  review: { id: string; serviceName: string };
  /** Called to close the dialog: on Cancel, Escape, or once the deletion is sent. */
  onCancel: () => void;
}) {
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-delete-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-black/50"
    >
      <h2 id="confirm-delete-title" className="text-lg font-bold text-slate-900">
        Are you sure you want to delete
      </h2>
      <p className="mt-2 text-slate-700">
        your review of <UserText>{review.serviceName}</UserText>? This cannot be undone.
      </p>
      {/* Closing on submit lets the page show the list without the deleted review. */}
      <Form
        method="post"
        action="/my-reviews"
        data-moves-focus
        onSubmit={onCancel}
        className="mt-6 flex justify-end gap-3"
      >
        <input type="hidden" name="reviewId" value={review.id} />
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton className="btn bg-red-700 text-white hover:bg-red-800" busyLabel="Deleting…">
          Delete
        </SubmitButton>
      </Form>
    </dialog>
  );
}
