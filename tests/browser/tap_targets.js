() => {
  // Every control a learner taps on the page, and the area that takes the tap: a link that
  // stretches over its row (::after, absolute) is its row; a checkbox or radio is its label,
  // or the option around it where the label stretches over it (::before, absolute). Links in
  // a sentence are left out (inline targets: WCAG 2.5.8's exception), as are disabled ones.
  const stretched = (el, part) => {
    const style = getComputedStyle(el, part);
    return style.position === "absolute" && style.content !== "none";
  };
  const inSentence = (el) => {
    if (getComputedStyle(el).display !== "inline") return false;
    const block = el.closest("p, li, dd, td, h1, h2, h3, h4, figcaption");
    if (!block) return false;
    const own = el.textContent.replace(/\s+/g, " ").trim();
    return block.textContent.replace(/\s+/g, " ").trim().length > own.length + 2;
  };
  const area = (el) => {
    if (el.tagName === "A" && stretched(el, "::after")) return el.offsetParent || el;
    if (el.tagName === "INPUT" && ["checkbox", "radio"].includes(el.type)) {
      const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : el.closest("label");
      if (!label) return el;
      return stretched(label, "::before") ? label.offsetParent || label : label;
    }
    return el;
  };
  const small = [];
  const controls = document.querySelectorAll(
    "a[href], button, select, textarea, input:not([type=hidden]), summary"
  );
  for (const el of controls) {
    if (el.disabled || el.closest(".skip-link") || el.getClientRects().length === 0) continue;
    if (getComputedStyle(el).visibility === "hidden") continue;
    if (el.tagName === "A" && !stretched(el, "::after") && inSentence(el)) continue;
    const box = area(el);
    // Inside a closed menu or disclosure the control has no box yet: measured when opened.
    const r = box.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) {
      const text = (el.textContent || el.value || el.getAttribute("aria-label") || "")
        .replace(/\s+/g, " ").trim().slice(0, 40);
      small.push(`${el.tagName.toLowerCase()} "${text}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return small;
}
