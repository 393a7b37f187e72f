// Package figure computes the pay tables' figures in the background and
// keeps them for the life of the process: an exact wager's first count takes
// up to a second or so, a simulation seconds, and no request should hold a
// tablet waiting that long (issue 5). It runs package edge's counts and
// simulations as package job's jobs, keyed by everything a figure depends
// on, so that a figure is a pure function of what the page's address names:
// computing it fills a cache, and a page still waiting can simply be loaded
// again. It knows nothing of HTTP or of words: the server asks, waits up to
// Wait, and the views (web/view) show the jobs as they stand.
package figure
