// The live cluster view a lesson embeds with `::sim{scenario=…}` (issue 6). Its public face
// is SimEmbed: a client leaf that loads the real view (and, through its Web Worker,
// sim-core) only after the page is interactive, so neither is in the lesson's first-load JS.
export { SimEmbed, type SimEmbedProps } from './sim-embed';
// the key a lesson keeps each of its clusters under in the browser
export { clusterKey } from './saved-cluster';
