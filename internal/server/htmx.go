package server

import "net/http"

// Headers of the htmx protocol (htmx.org/reference).
const (
	hxRequest        = "HX-Request"                 // set on every htmx request
	hxBoosted        = "HX-Boosted"                 // an hx-boost link or form: wants a whole page
	hxHistoryRestore = "HX-History-Restore-Request" // a history miss: wants a whole page
	hxRedirect       = "HX-Redirect"                // response: load this URL as a new page
	hxRetarget       = "HX-Retarget"                // response: swap into this element instead
	hxReswap         = "HX-Reswap"                  // response: swap this way instead
)

// isHTMX reports whether htmx sent r (a fragment may answer it).
func isHTMX(r *http.Request) bool { return r.Header.Get(hxRequest) == "true" }

// wantsFragment reports whether r may be answered with a fragment rather than
// a whole page.
func wantsFragment(r *http.Request) bool {
	return isHTMX(r) && r.Header.Get(hxBoosted) != "true" && r.Header.Get(hxHistoryRestore) != "true"
}
