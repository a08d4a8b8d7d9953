import { BUTTON_DANGER } from './styles';

/** A one-button form that revokes a key or token by id; the action itself checks it belongs to the signed-in user. */
export function RevokeButton({
  action,
  id,
  label,
}: {
  action: (form: FormData) => Promise<void>;
  id: string;
  label: string;
}) {
  return (
    <form action={action}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={BUTTON_DANGER} aria-label={`Revoke ${label}`}>
        Revoke
      </button>
    </form>
  );
}
