import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_PERMISSIONS, permissionAreas, splitPermission } from '@embauche/contracts/roles';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';

type Props = {
  roleName: string;
  /** The keys as edited (the saved ones until a box changes). */
  value: readonly string[];
  dirty: boolean;
  saving: boolean;
  onChange: (keys: string[]) => void;
  onSave: () => void;
  onCancel: () => void;
};

const AREAS = permissionAreas();

/** A checkbox that shows "some of them" as the mixed state. */
function AreaToggle({ label, checked, mixed, onChange }: { label: string; checked: boolean; mixed: boolean; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      <Checkbox ref={ref} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

/** One section per area (the key's prefix), one checkbox per action, an "all of this area" toggle; Save and Cancel. */
export function PermissionMatrix({ roleName, value, dirty, saving, onChange, onSave, onCancel }: Props) {
  const { t } = useTranslation('rights');
  const held = new Set(value);
  const set = (keys: readonly string[], on: boolean) => {
    const next = new Set(held);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    onChange(GRANTABLE_PERMISSIONS.filter((k) => next.has(k)));
  };
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      {dirty ? (
        <span role="status" className="text-sm font-medium text-amber-800">
          {t('rights:matrix.unsaved')}
        </span>
      ) : null}
      <Button variant="outline" size="sm" disabled={!dirty || saving} onClick={onCancel}>
        {t('rights:matrix.cancel')}
      </Button>
      <Button size="sm" disabled={!dirty || saving} onClick={onSave}>
        {t('rights:matrix.save')}
      </Button>
    </div>
  );
  return (
    <section aria-labelledby="rights-matrix-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="rights-matrix-heading" className="break-words text-base font-semibold text-slate-900">
            {t('rights:matrix.heading', { name: roleName })}
          </h2>
          <p className="text-sm text-slate-600">{t('rights:matrix.count', { count: value.length, total: GRANTABLE_PERMISSIONS.length })}</p>
        </div>
      </div>
      <div className="flex flex-col gap-4">
        {AREAS.map(({ area, keys }) => {
          const count = keys.filter((k) => held.has(k)).length;
          const areaLabel = t(`rights:areas.${area}`);
          return (
            <fieldset key={area} className="min-w-0 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">{areaLabel}</legend>
              <AreaToggle
                label={t('rights:matrix.all_of_area', { area: areaLabel })}
                checked={count === keys.length}
                mixed={count > 0 && count < keys.length}
                onChange={(on) => set(keys, on)}
              />
              <ul className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-x-4 gap-y-1.5 border-t border-slate-100 pt-2">
                {keys.map((key) => {
                  const { action } = splitPermission(key);
                  return (
                    <li key={key}>
                      <label className="flex items-start gap-2 text-sm text-slate-800">
                        <Checkbox className="mt-0.5" checked={held.has(key)} onChange={(e) => set([key], e.target.checked)} />
                        <span className="min-w-0 break-words">{t(`rights:actions.${area}.${action}`)}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          );
        })}
      </div>
      <div className="sticky bottom-0 flex justify-end border-t border-slate-200 bg-white py-3">{actions}</div>
    </section>
  );
}
