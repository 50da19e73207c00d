// "Your turn", wherever you are in the room: the server's "my tables" (every table where
// you sit, and whether it waits for your move) drives the tab's title ("(1) Your turn —
// …") and icon, a short sound and, when the tab is in the background, a notification
// from the browser. Sound and notifications are off until the player turns them on:
// a sound nobody asked for is unwelcome in a shared room (and browsers hold it back until
// a click anyway), and notifications need the browser's permission, asked only then.

import { t } from "../core/i18n.js";

const SOUND = "ludoteca.turnSound";
const NOTIFY = "ludoteca.turnNotify";
const ICON_TURN = "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#d33'/></svg>");
const ICON_QUIET = "data:,";

export function turnSound() {
  return localStorage.getItem(SOUND) === "on";
}

export function setTurnSound(on) {
  localStorage.setItem(SOUND, on ? "on" : "off");
  if (on) beep(); // a click unlocks the page's audio, and the player hears what it is
}

export function turnNotices() {
  return localStorage.getItem(NOTIFY) === "on" && "Notification" in window && Notification.permission === "granted";
}

/** Turn notifications on or off; on asks the browser's permission. Whether they are on. */
export async function setTurnNotices(on) {
  if (on && "Notification" in window && Notification.permission !== "granted") {
    on = (await Notification.requestPermission()) === "granted";
  }
  localStorage.setItem(NOTIFY, on && "Notification" in window ? "on" : "off");
  return turnNotices();
}

export function createTurns({ gameTitle }) {
  let waiting = new Set(); // tables where it is your move
  let base = "ludoteca";

  function show() {
    document.title = waiting.size ? `(${waiting.size}) ${t("turn.title")} — ${base}` : base;
    const icon = document.querySelector("link[rel=icon]");
    if (icon) icon.href = waiting.size ? ICON_TURN : ICON_QUIET;
  }

  return {
    /** The page's own title, shown after the count of tables waiting for you. */
    title(next) {
      base = next;
      show();
    },
    /** The server's my_tables list: tell of the tables that have just come to wait. */
    update(tables) {
      const now = new Set(tables.filter((x) => x.your_turn).map((x) => x.id));
      const fresh = tables.filter((x) => x.your_turn && !waiting.has(x.id));
      waiting = now;
      show();
      if (!fresh.length) return;
      if (turnSound()) beep();
      if (document.visibilityState === "hidden" && turnNotices()) {
        for (const table of fresh) {
          new Notification(t("turn.title"), {
            body: t("turn.body", { id: table.id, game: gameTitle(table.game) }),
            tag: `ludoteca-turn-${table.id}`,
          });
        }
      }
    },
    waiting: () => waiting.size,
  };
}

let audio = null;

function beep() {
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.15, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch {
    // No audio here (a headless browser, a policy): the title and icon still tell.
  }
}
