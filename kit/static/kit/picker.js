// Split a pot: a card picker over each seat's plain text field (kit/split.html). Without this
// script the fields take typed cards; with it, "Pick cards" opens a deck under the seat: tap a
// card, or move with the arrow keys and press Enter or Space. The text field stays the truth
// that the GET form sends, so the address still holds the whole situation.
(() => {
  "use strict";
  const form = document.getElementById("kit-form");
  const template = document.getElementById("kit-deck-template");
  if (!form || !template) return;

  const CARD = /10[shdc]|[2-9tjqka][shdc]/gi;
  const MAX = 7;
  const canonical = (token) =>
    (token.length === 3 ? "T" : token[0].toUpperCase()) + token.slice(-1).toLowerCase();
  const parse = (text) => (text.match(CARD) || []).map(canonical);

  const deck = template.content.firstElementChild.cloneNode(true);
  deck.hidden = true;
  const buttons = [...deck.querySelectorAll(".kit-deck__card")];
  const byCard = new Map(buttons.map((button) => [button.dataset.card, button]));
  const done = document.createElement("button");
  done.type = "button";
  done.className = "button kit-deck__done";
  done.textContent = form.dataset.done;
  deck.append(done);

  let active = null;
  let current = buttons[0];
  current.tabIndex = 0;

  const seats = [...form.querySelectorAll("fieldset[data-seat]")].map((fieldset) => {
    const input = fieldset.querySelector(".kit-seat__cards");
    const hand = fieldset.querySelector("[data-hand]");
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "button button--quiet kit-seat__pick";
    toggle.textContent = form.dataset.pick;
    toggle.setAttribute("aria-expanded", "false");
    toggle.setAttribute("aria-controls", "kit-deck");
    // Named with its seat, so "Pick cards" is not five identical buttons to a screen reader.
    const legend = fieldset.querySelector("legend");
    toggle.setAttribute("aria-label", `${form.dataset.pick}: ${legend.textContent.trim()}`);
    hand.before(toggle);
    const seat = { input, hand, toggle, chips: fieldset.querySelector("input[name^='chips']") };
    toggle.addEventListener("click", () => (active === seat ? close(true) : open(seat)));
    input.addEventListener("input", () => {
      draw(seat);
      refresh();
    });
    hand.addEventListener("click", (event) => {
      const chosen = event.target.closest(".kit-seat__card");
      if (!chosen) return;
      const cards = parse(input.value).filter((card) => card !== chosen.dataset.card);
      write(seat, cards);
      (hand.querySelector(".kit-seat__card") || toggle).focus();
    });
    return seat;
  });

  function draw(seat) {
    const chosen = parse(seat.input.value)
      .filter((card) => byCard.has(card))
      .map((card) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "kit-seat__card";
        button.dataset.card = card;
        const picture = byCard.get(card).firstElementChild.cloneNode(true);
        button.setAttribute("aria-label", `${form.dataset.remove}: ${picture.getAttribute("aria-label")}`);
        picture.setAttribute("aria-hidden", "true");
        button.append(picture);
        return button;
      });
    seat.hand.replaceChildren(...chosen);
  }

  function write(seat, cards) {
    seat.input.value = cards.join(" ");
    seat.input.removeAttribute("aria-invalid");
    draw(seat);
    refresh();
  }

  function refresh() {
    const mine = new Set(active ? parse(active.input.value) : []);
    const others = new Set(seats.filter((s) => s !== active).flatMap((s) => parse(s.input.value)));
    for (const button of buttons) {
      const card = button.dataset.card;
      button.setAttribute("aria-pressed", String(mine.has(card)));
      button.setAttribute("aria-disabled", String(others.has(card)));
    }
  }

  function focusCard(button) {
    current.tabIndex = -1;
    current = button;
    current.tabIndex = 0;
    current.focus();
  }

  function open(seat) {
    if (active) close(false);
    active = seat;
    seat.toggle.setAttribute("aria-expanded", "true");
    seat.hand.after(deck);
    deck.hidden = false;
    refresh();
    const free = buttons.find((b) => b.getAttribute("aria-disabled") !== "true") || buttons[0];
    focusCard(current.getAttribute("aria-disabled") === "true" ? free : current);
  }

  function close(returnFocus) {
    if (!active) return;
    const seat = active;
    active = null;
    deck.hidden = true;
    seat.toggle.setAttribute("aria-expanded", "false");
    refresh();
    if (returnFocus) seat.toggle.focus();
  }

  deck.addEventListener("click", (event) => {
    if (event.target.closest(".kit-deck__done")) {
      close(true);
      return;
    }
    const button = event.target.closest(".kit-deck__card");
    if (!button || !active || button.getAttribute("aria-disabled") === "true") return;
    focusCard(button);
    const cards = parse(active.input.value);
    const at = cards.indexOf(button.dataset.card);
    if (at >= 0) cards.splice(at, 1);
    else if (cards.length < MAX) cards.push(button.dataset.card);
    else return;
    const seat = active;
    write(seat, cards);
    if (cards.length === MAX) {
      // Seven cards make the hand: on to what the player put in.
      close(false);
      seat.chips.focus();
    }
  });

  // The nearest card straight above or below (the rows wrap differently on a phone).
  function vertical(from, direction) {
    const box = from.getBoundingClientRect();
    const middle = box.left + box.width / 2;
    let best = null;
    let bestRow = Infinity;
    let bestGap = Infinity;
    for (const button of buttons) {
      const other = button.getBoundingClientRect();
      const rowGap = (other.top - box.top) * direction;
      if (rowGap <= 1) continue;
      const gap = Math.abs(other.left + other.width / 2 - middle);
      if (rowGap < bestRow - 1 || (Math.abs(rowGap - bestRow) <= 1 && gap < bestGap)) {
        best = button;
        bestRow = rowGap;
        bestGap = gap;
      }
    }
    return best;
  }

  deck.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
      return;
    }
    const button = event.target.closest(".kit-deck__card");
    if (!button) return;
    const at = buttons.indexOf(button);
    const moves = {
      ArrowLeft: () => buttons[(at + buttons.length - 1) % buttons.length],
      ArrowRight: () => buttons[(at + 1) % buttons.length],
      ArrowUp: () => vertical(button, -1),
      ArrowDown: () => vertical(button, 1),
      Home: () => buttons[0],
      End: () => buttons[buttons.length - 1],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move();
    if (next) focusCard(next);
  });

  seats.forEach(draw);

  // After a split, bring the answer into view; after a refusal, the first field to fix.
  const invalid = form.querySelector("[aria-invalid='true']");
  const target = invalid || document.getElementById("kit-errors") || document.getElementById("kit-result");
  if (target) {
    target.focus();
    if (!invalid) target.scrollIntoView({ block: "start" });
  }
})();
