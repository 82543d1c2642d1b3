/** stylelint for the site's stylesheets (make lint, scripts/stylelint): the standard config, no
 * !important anywhere (cascade layers decide what wins: site.css names them), and these choices,
 * each with its reason. */
export default {
  extends: ["stylelint-config-standard"],
  rules: {
    "declaration-no-important": true,
    // Class names are BEM, block__element--modifier (style.md): each part kebab-case.
    "selector-class-pattern": [
      "^[a-z][a-z0-9]*(-[a-z0-9]+)*(__[a-z0-9]+(-[a-z0-9]+)*)?(--[a-z0-9]+(-[a-z0-9]+)*)?$",
      { message: (name) => `Expected class "${name}" to be BEM: block__element--modifier` },
    ],
    // min-width/max-width, not (width <= 48rem): the range form needs Safari 16.4, and an older
    // Safari would drop the whole query; cascade layers already need 15.4.
    "media-feature-range-notation": "prefix",
    // Off: it asks a less specific selector never to follow a more specific one anywhere in a
    // file, though the two never style one element (".walkthrough__progress > label" after
    // ".quiz .quiz-progress > label"). The sheets are ordered by component, and layers, not
    // source order, decide between components and states; reordering 30 rule sets to satisfy it
    // would scatter each component.
    "no-descending-specificity": null,
    // The font stacks' family names keep their own spelling (Roboto, Arial): they are names,
    // not keywords, in a custom property stylelint cannot know is a font-family. A4 is the
    // paper's name as printed (page sizes are case-insensitive).
    "value-keyword-case": ["lower", { ignoreProperties: ["/^--font/"], ignoreKeywords: ["A4"] }],
    // iOS Safari reads only the prefixed -webkit-text-size-adjust (the unprefixed one is
    // written beside it for the others).
    "property-no-vendor-prefix": [true, { ignoreProperties: ["-webkit-text-size-adjust"] }],
  },
};
