// Accessibility checks run in the page by tests/browser/a11y.py. Each list holds problems.
(phone) => {
  const shown = (el) => el.offsetParent !== null;

  const unlabelled = [...document.querySelectorAll(
    "input:not([type=hidden]), select, textarea, button",
  )].filter(shown).filter((el) => {
    const byLabel = el.labels && el.labels.length
      ? [...el.labels].map((l) => l.textContent).join(" ") : "";
    const byIds = (el.getAttribute("aria-labelledby") || "").split(" ")
      .map((id) => (document.getElementById(id) || {}).textContent || "").join(" ");
    const name = byLabel || el.getAttribute("aria-label") || byIds
      || (el.tagName === "BUTTON" ? el.textContent : "") || el.getAttribute("title") || "";
    return !name.trim();
  }).map((el) => el.outerHTML.slice(0, 120));

  // WCAG 2.x contrast: 4.5:1 for text, 3:1 for large text (24px, or 18.66px bold).
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(",").map(parseFloat);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const channel = (v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let out = { r: 255, g: 255, b: 255 };
    for (const c of layers.reverse()) {
      const mix = (k) => c[k] * c.a + out[k] * (1 - c.a);
      out = { r: mix("r"), g: mix("g"), b: mix("b") };
    }
    return out;
  };
  const lowContrast = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const el = walker.currentNode.parentElement;
    if (!text || !el || el.closest("[hidden], .visually-hidden, :disabled, .skip")) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.visibility === "hidden" || !box.width || !box.height) continue;
    const [hi, lo] = [luminance(parse(style.color)), luminance(background(el))]
      .sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (parseInt(style.fontWeight, 10) >= 700 && size >= 18.66);
    const needed = large ? 3 : 4.5;
    if (ratio < needed) lowContrast.push(`${ratio.toFixed(2)} < ${needed}: "${text.slice(0, 40)}"`);
  }

  // WCAG 2.2 target size (AA): 24 by 24 CSS pixels for controls that are not inline text.
  const smallTargets = [...document.querySelectorAll(
    "button, input:not([type=hidden]), select, a.button, nav.jump a",
  )].filter(shown).map((el) => [el, el.getBoundingClientRect()])
    .filter(([, box]) => box.height < 24 || box.width < 24)
    .map(([el, box]) => `${Math.round(box.width)}x${Math.round(box.height)}: `
      + el.outerHTML.slice(0, 80));

  const width = document.documentElement.scrollWidth;
  const tooWide = phone && width > window.innerWidth + 1
    ? [`the page is ${width}px wide in a ${window.innerWidth}px window`] : [];

  return { unlabelled, "low contrast": lowContrast, "small targets": smallTargets,
    "too wide": tooWide };
}
