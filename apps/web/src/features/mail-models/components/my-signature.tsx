import { useMySignature } from '../api/get-my-signature.ts';
import { useUpdateMySignature } from '../api/update-my-signature.ts';
import { SignatureQuery } from './signature-query.tsx';

/** The user settings' signature section: the signed-in user's own signature, per language. */
export function MySignature() {
  const signature = useMySignature();
  const update = useUpdateMySignature();
  return <SignatureQuery query={signature} onSave={update.mutateAsync} />;
}
