/**
 * Copies in flight across the link lane: every new line in the shared transcript that copied
 * something (from the simulator's buttons or typed in a console) launches one, removed when its
 * animation time is up.
 */
import { useEffect, useRef, useState } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { SessionStoreState } from '../../store/session';
import { useSession } from '../../store/usePageSession';
import { flightOf, type Flight } from './flights';
import { prefersReducedMotion } from '../../ui/motion';

/** The flights being shown for `store`'s transcript. */
export function useFlights(store: StoreApi<SessionStoreState>): Flight[] {
  const transcript = useSession(store, (s) => s.transcript);
  const [flights, setFlights] = useState<Flight[]>([]);
  const lastSeen = useRef<number | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    const newest = transcript.at(-1)?.id ?? 0;
    if (lastSeen.current === null) {
      lastSeen.current = newest; // history from before this widget mounted does not fly
      return;
    }
    const fresh = transcript.filter((e) => e.id > (lastSeen.current ?? 0));
    lastSeen.current = Math.max(lastSeen.current, newest);
    for (const entry of fresh) {
      const flight = flightOf(entry.id, entry.transfers, prefersReducedMotion());
      if (!flight) continue;
      setFlights((all) => [...all, flight]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setFlights((all) => all.filter((f) => f.id !== flight.id));
      }, flight.ms);
      timers.current.add(timer);
    }
  }, [transcript]);

  return flights;
}
