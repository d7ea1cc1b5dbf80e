import { useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type {
  TOnboardingProcessFormInput,
  TOnboardingStepInput,
} from '@embauche/contracts/onboarding';

type Form = UseFormReturn<TOnboardingProcessFormInput, unknown, unknown>;

const moved = <T>(items: T[], from: number, to: number) => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * The process's steps as a list with a stable key per step (for React and the drag and drop), moved,
 * removed and added through the form's values. What react-hook-form's useFieldArray does, written
 * here so that its code stays out of the form library's chunk, which the sign-in page loads too (its
 * bundle budget).
 */
export function useStepList(form: Form) {
  const steps = useWatch({ control: form.control, name: 'steps' }) ?? [];
  const made = useRef(0);
  const key = () => `step-${++made.current}`;
  const current = (): TOnboardingStepInput[] => form.getValues('steps') ?? [];
  const [own, setOwn] = useState<string[]>(() => current().map((_, i) => `first-${i}`));
  // A reset (after saving) may bring another number of steps: new keys for them.
  const keys =
    own.length === steps.length ? own : steps.map((_, i) => `reset-${steps.length}-${i}`);
  const write = (next: TOnboardingStepInput[], nextKeys: string[]) => {
    form.setValue('steps', next, { shouldDirty: true });
    setOwn(nextKeys);
  };
  return {
    keys,
    count: steps.length,
    move: (from: number, to: number) => {
      if (from < 0 || to < 0 || from === to) return;
      write(moved(current(), from, to), moved(keys, from, to));
    },
    remove: (index: number) =>
      write(
        current().filter((_, i) => i !== index),
        keys.filter((_, i) => i !== index),
      ),
    append: (step: TOnboardingStepInput) => write([...current(), step], [...keys, key()]),
  };
}
