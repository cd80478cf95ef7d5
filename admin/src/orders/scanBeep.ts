let audio: AudioContext | undefined;

/**
 * A short low beep (Web Audio, no sound file) for a scan that found nothing: a warehouse worker
 * scanning parcels looks at the parcel, not the screen. A key press has just happened, so the
 * browser lets the audio start.
 */
export function scanBeep(): void {
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = 'square';
    tone.frequency.value = 330;
    volume.gain.value = 0.08;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch {
    // No audio in this browser: the message on screen still says it.
  }
}
