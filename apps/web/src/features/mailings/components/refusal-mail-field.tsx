import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select.tsx';
import { useMailModelChoices } from '../api/get-mail-model-choices.ts';

type Props = {
  /** The chosen refusal model's id, or null: no e-mail. */
  onChange: (modelId: number | null) => void;
};

/**
 * "Send the refusal e-mail" in a status dialog: a box, and which of the company's refusal models
 * (the default one first chosen). Without a refusal model it says so and nothing is sent. Off
 * until ticked: a refusal never writes to candidates unasked.
 */
export function RefusalMailField({ onChange }: Props) {
  const { t } = useTranslation('multicast');
  const id = useId();
  const models = useMailModelChoices();
  const refusals = (models.data ?? []).filter((m) => m.kind === 'refusal');
  const [send, setSend] = useState(false);
  const [chosen, setChosen] = useState('');
  const fallback = String((refusals.find((m) => m.is_default) ?? refusals[0])?.id ?? '');
  const modelId = chosen || fallback;

  useEffect(() => {
    onChange(send && modelId ? Number(modelId) : null);
  }, [send, modelId, onChange]);

  if (models.isPending) return null;
  if (!refusals.length)
    return <p className="text-sm text-slate-700">{t('multicast:refusal.no_model')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={send}
          onChange={(e) => setSend(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500"
        />
        <span>{t('multicast:refusal.send')}</span>
      </label>
      {send ? (
        <div className="flex flex-col gap-1.5 pl-6">
          <label htmlFor={`${id}-model`} className="text-sm font-medium text-slate-800">
            {t('multicast:refusal.model')}
          </label>
          <Select id={`${id}-model`} value={modelId} onChange={(e) => setChosen(e.target.value)}>
            {refusals.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.is_default ? t('multicast:model.default', { name: m.name }) : m.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </div>
  );
}
