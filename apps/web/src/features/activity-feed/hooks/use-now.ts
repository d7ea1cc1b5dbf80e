import { useEffect, useState } from 'react';

/** The current time, renewed every `every` ms, so that relative times ("2 min ago") move on. */
export function useNow(every = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}
