// "Click" is "Tap" on a touch screen, and "point at" too: a finger cannot
// hover, and a tap on the zoomed board says what is there (the boards'
// hints and legends are written for a mouse).
export function touchWords(text) {
  if (!matchMedia("(pointer: coarse)").matches) return text;
  return text.replace(/\bClick\b/g, "Tap").replace(/\bclick\b/g, "tap")
    .replace(/\bPoint at\b/g, "Tap").replace(/\bpoint at\b/g, "tap");
}
