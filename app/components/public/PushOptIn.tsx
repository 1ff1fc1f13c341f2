// Breaking news on the phone: the reader opts in from this button (an island woken on first use;
// the browser's permission prompt comes only from the reader's own tap, never on page load), picks
// breaking news and, if they like, the story's categories, and can stop again. What they chose is
// kept in this browser (localStorage); the server knows only the push subscription (server/push/),
// and changes or removes it only for the browser holding its auth secret.
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../lib/messages.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { islandCall } from '../../islands/call.ts';
import { ISLAND_ROUTES } from '../../../contract/island-routes.ts';
import type { PUSH_ROUTES, PushSubscribeRequest } from '../../../contract/push.ts';

const TEXT = MESSAGES.push;
const STORE = 'news:push-topics';

type State = 'idle' | 'working' | 'subscribed' | 'stopped' | 'denied' | 'unsupported' | 'failed' | 'pick-one';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function keptTopics(): string[] | null {
  try {
    const kept = JSON.parse(localStorage.getItem(STORE) ?? 'null');
    return Array.isArray(kept) ? kept.filter((t): t is string => typeof t === 'string') : null;
  } catch {
    return null;
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // Registered after load on every page; registering again returns the same worker.
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** The server's 403: the endpoint is stored with another auth secret than this browser's. */
const notOurs = (error: unknown) => error instanceof ApiRequestError && error.status === 403;

/** Subscribes this browser (or changes its topics) and tells the server. */
async function optIn(topics: string[]): Promise<void> {
  const [worker, key] = await Promise.all([registration(), islandCall<typeof PUSH_ROUTES.key>(ISLAND_ROUTES.pushKey, {})]);
  const fresh = () => worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.publicKey) });
  const tell = (subscription: PushSubscription) =>
    islandCall<typeof PUSH_ROUTES.subscribe>(ISLAND_ROUTES.pushSubscribe, {
      body: { subscription: subscription.toJSON() as PushSubscribeRequest['subscription'], topics },
    });
  const subscription = (await worker.pushManager.getSubscription()) ?? (await fresh());
  try {
    await tell(subscription);
  } catch (error) {
    if (!notOurs(error)) throw error;
    // Someone stored this endpoint with keys of their own: a new subscription has a new endpoint.
    await subscription.unsubscribe();
    await tell(await fresh());
  }
}

/** Unsubscribes this browser, proving to the server it is the subscription's own (its auth secret). */
async function optOut(): Promise<void> {
  const subscription = supported() ? await (await registration()).pushManager.getSubscription() : null;
  if (!subscription) return;
  try {
    await islandCall<typeof PUSH_ROUTES.unsubscribe>(ISLAND_ROUTES.pushUnsubscribe, {
      body: { endpoint: subscription.endpoint, auth: subscription.toJSON().keys?.auth ?? '' },
    });
  } catch (error) {
    // Stored with another secret: ending the subscription below ends the endpoint, and the push
    // service's 410 to the next push removes what is stored.
    if (!notOurs(error)) throw error;
  }
  await subscription.unsubscribe();
}

export function PushOptIn({ categories }: { categories: { id: number; name: string }[] }) {
  const [open, setOpen] = useState(false);
  const [kept, setKept] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<string[]>(['breaking']);
  const [state, setState] = useState<State>('idle');

  useEffect(() => {
    const topics = keptTopics();
    setKept(topics);
    if (topics) setChosen(topics);
  }, []);

  const toggle = (topic: string) =>
    setChosen((list) => (list.includes(topic) ? list.filter((t) => t !== topic) : [...list, topic]));

  async function subscribe() {
    if (chosen.length === 0) return setState('pick-one');
    if (!supported()) return setState('unsupported');
    setState('working');
    try {
      // Asked first, while the tap still counts as the reader's: browsers refuse a prompt without one.
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState('denied');
      await optIn(chosen);
      localStorage.setItem(STORE, JSON.stringify(chosen));
      setKept(chosen);
      setState('subscribed');
    } catch (error) {
      console.error(error);
      setState('failed');
    }
  }

  async function stop() {
    setState('working');
    try {
      await optOut();
      localStorage.removeItem(STORE);
      setKept(null);
      setChosen(['breaking']);
      setState('stopped');
    } catch (error) {
      console.error(error);
      setState('failed');
    }
  }

  const options = [
    { topic: 'breaking', label: TEXT.breaking },
    ...categories.map((c) => ({ topic: `category:${c.id}`, label: TEXT.category(c.name) })),
  ];
  const status =
    state === 'working'
      ? TEXT.working
      : state === 'subscribed'
        ? TEXT.subscribed
        : state === 'stopped'
          ? TEXT.stopped
          : state === 'denied'
            ? TEXT.denied
            : state === 'unsupported'
              ? TEXT.unsupported
              : state === 'failed'
                ? TEXT.failed
                : state === 'pick-one'
                  ? TEXT.pickOne
                  : '';
  const problem = state === 'denied' || state === 'unsupported' || state === 'failed' || state === 'pick-one';

  return (
    <section className="push-opt-in" aria-label={TEXT.button}>
      <button type="button" className="push-button secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"
            fill="currentColor"
          />
        </svg>
        {kept ? TEXT.buttonOn : TEXT.button}
      </button>
      {open && (
        <div className="push-panel">
          <fieldset>
            <legend>{TEXT.legend}</legend>
            {options.map(({ topic, label }) => (
              <label key={topic} className="push-choice">
                <input type="checkbox" checked={chosen.includes(topic)} onChange={() => toggle(topic)} />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="push-actions">
            <button type="button" className="primary" disabled={state === 'working'} onClick={() => void subscribe()}>
              {kept ? TEXT.update : TEXT.subscribe}
            </button>
            {kept && (
              <button type="button" className="secondary" disabled={state === 'working'} onClick={() => void stop()}>
                {TEXT.stop}
              </button>
            )}
          </div>
        </div>
      )}
      <p className={problem ? 'push-status form-error' : 'push-status'} role="status">
        {status}
      </p>
    </section>
  );
}
