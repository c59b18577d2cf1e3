/**
 * The heart (issue 19; §4 favourites): a real button, pressed when the item is a favourite, on diamond,
 * setting and jewellery cards and detail pages. It reads the favourites signals (right after hydration for
 * visitors and customers alike); a visitor's click changes the local lists only, a customer's also calls the
 * API (client/state/favorites-sync.ts, loaded on the first click) and a refusal is shown beside the heart.
 */
import { useState } from "react";
import {
  type FavoriteDiamond,
  type FavoriteSetting,
  favoriteDiamonds,
  favoriteSettings,
  isFavoriteDiamond,
  isFavoriteSetting,
  toggleDiamondLocally,
  toggleSettingLocally,
} from "../state/favorites";
import { session } from "../state/session";
import { useClientComputed } from "../state/use-signal";

const SAVE = "Save to my stuff";
// Toasts after a click (decision 043); the store loads with the first one.
const SAVED = { message: "Saved to my stuff", tone: "success", group: "favorite-saved" } as const;
const REMOVED = { message: "Removed from my stuff", group: "favorite-removed" } as const;
const REMOVE = "Remove from my stuff";

function Heart({ pressed, name, onToggle }: { pressed: boolean; name: string; onToggle: () => Promise<string | null> }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      const refused = await onToggle();
      setError(refused);
      // Saved or removed: a toast says so (grouped: a run of clicks counts up on one toast).
      if (refused === null) import("../notifications/store").then((m) => m.notifications.notify(pressed ? REMOVED : SAVED)).catch(() => undefined);
    } catch {
      // The sync code could not load (offline): nothing changed.
      setError("We could not update your favourites. Check your connection and try again.");
    }
    setBusy(false);
  };
  return (
    <span className="heart-wrap">
      <button
        type="button"
        className="heart"
        aria-pressed={pressed}
        aria-label={pressed ? REMOVE : SAVE}
        title={`${pressed ? REMOVE : SAVE}: ${name}`}
        aria-busy={busy}
        onClick={click}
      >
        <span aria-hidden="true">{pressed ? "♥" : "♡"}</span>
      </button>
      {error ? (
        <span className="heart-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** The heart of a diamond (its pair, `pairedDiamondId`, follows it). */
export function DiamondHeart({ diamond }: { diamond: FavoriteDiamond }) {
  const pressed = useClientComputed(() => isFavoriteDiamond(favoriteDiamonds.value, diamond.id), false, [diamond.id]);
  const toggle = async () => {
    if (!session.value) {
      toggleDiamondLocally(diamond);
      return null;
    }
    return (await import("../state/favorites-sync")).toggleDiamond(diamond);
  };
  return <Heart pressed={pressed} name={diamond.title} onToggle={toggle} />;
}

/** The heart of a setting, band or jewellery piece (`kind` says which favourite list it goes to). */
export function SettingHeart({ setting }: { setting: FavoriteSetting }) {
  const pressed = useClientComputed(() => isFavoriteSetting(favoriteSettings.value, setting.kind, setting.id), false, [setting.kind, setting.id]);
  const toggle = async () => {
    if (!session.value) {
      toggleSettingLocally(setting);
      return null;
    }
    return (await import("../state/favorites-sync")).toggleSetting(setting);
  };
  return <Heart pressed={pressed} name={setting.name} onToggle={toggle} />;
}
