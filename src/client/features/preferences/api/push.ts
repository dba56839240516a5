/**
 * Browser push for this browser: whether it can have it, whether it is on, and turning it on
 * (permission, the service worker, a push subscription with the server's VAPID key, handed to
 * the server) and off. Which browser is which is the push subscription itself: the server keeps
 * one per endpoint, so handing the same subscription again answers its id.
 */
import { useCallback, useEffect, useState } from 'react';
import type { PushSubscriptionCreated, VapidPublicKey } from '#shared/schemas/push';
import { apiRequest, getJson } from '#client/lib/api-client';
import { serviceWorkerUrl } from '#client/lib/service-worker';

export type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The application server key as the push manager wants it (bytes from URL-safe base64). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Hands the subscription to the server (again: it answers the same id) for the signed-in member. */
const register = (subscription: PushSubscription) =>
  apiRequest<PushSubscriptionCreated>('POST', '/api/user/push-subscriptions', subscription.toJSON());

export function useBrowserPush() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const settle = (next: PushState) => live && setState(next);
    if (!supported()) settle('unsupported');
    else if (Notification.permission === 'denied') settle('denied');
    else
      void currentSubscription()
        .then(async (subscription) => {
          if (!subscription || Notification.permission !== 'granted') return settle('off');
          await register(subscription); // this browser now alerts the member signed in
          settle('on');
        })
        .catch(() => settle('off'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      await navigator.serviceWorker.register(serviceWorkerUrl(), { scope: '/' });
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await getJson<VapidPublicKey>('/api/push/vapid-public-key');
      let subscription = await registration.pushManager.getSubscription();
      if (subscription) await subscription.unsubscribe(); // perhaps made with another key
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await register(subscription);
      setState('on');
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const { id } = await register(subscription);
        await apiRequest('DELETE', `/api/user/push-subscriptions/${id}`);
        await subscription.unsubscribe();
      }
      setState('off');
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, turnOn, turnOff };
}
