package live

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// The live drill's event streams (server-sent events, which htmx's SSE
// extension swaps into the page: web/static/htmx-ext-sse-2.2.4.min.js) and
// their fallback, polling every 2 s where a proxy holds the events back
// (web/static/class.js). Each stream renders what changed for its reader
// only: the panel when its key moves (a new question, a phase, the
// trainee's own answer), the clock alone when only the clock moves (time
// added), so that an amount half typed on a tablet is never wiped by
// somebody else's answer. A panel's key is the event's id, which the
// browser sends back when it reconnects (Last-Event-ID): a tablet that
// drops and comes back gets the panel again only if it changed meanwhile,
// its answer kept in the store either way.

// The stream's pacing: how soon the browser reconnects after the stream
// ends (the kiosk shutting down, a proxy cutting it), and how often a stream
// says it is alive (class.js falls back to polling after three silent
// periods).
const (
	Retry     = 5 * time.Second
	Heartbeat = 10 * time.Second
)

// Stream writes one event stream.
type Stream struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// Start answers the request with an event stream. The stream outlives
// the server's write timeout: its deadline is lifted.
func Start(w http.ResponseWriter) (*Stream, error) {
	rc := http.NewResponseController(w)
	if err := rc.SetWriteDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return nil, err
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no") // nginx: do not hold the events back
	w.WriteHeader(http.StatusOK)
	s := &Stream{w: w, rc: rc}
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", Retry.Milliseconds()); err != nil {
		return nil, err
	}
	return s, s.Send("hello", "", nil)
}

// Send writes the event name with data (one "data:" line per line) and
// flushes it; id, when set, is what the browser sends back on reconnecting.
func (s *Stream) Send(name, id string, data []byte) error {
	var b bytes.Buffer
	b.WriteString("event: " + name + "\n")
	if id != "" {
		b.WriteString("id: " + strings.NewReplacer("\n", " ", "\r", " ").Replace(id) + "\n")
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		b.WriteString("data: ")
		b.Write(bytes.TrimRight(line, "\r"))
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	if _, err := s.w.Write(b.Bytes()); err != nil {
		return err
	}
	return s.rc.Flush()
}

// LastKey is the key of the panel the page shows: the last event's id when
// the browser reconnects, else the page's own (?key=).
func LastKey(r *http.Request) string {
	if id := r.Header.Get("Last-Event-ID"); id != "" {
		return id
	}
	return r.URL.Query().Get("key")
}

// WantsStream reports whether the request is a browser's EventSource (or a
// client like one), which asks for text/event-stream and keeps reading:
// its stream stays open until it leaves. Any other GET gets the events of
// the moment and the end of the stream, so that a plain request (a link
// followed, a check of who may use the route) returns.
func WantsStream(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "text/event-stream")
}

// Follow hands each snapshot of class classID to on until ctx ends, the
// hub closes or on says to stop, with a heartbeat on ev between.
//
// alive, when not nil, is asked at every heartbeat whether the stream's
// reader may go on reading (a trainee's session still live); the stream
// ends when it says no.
func (h *Hub) Follow(ctx context.Context, ev *Stream, classID int64, on func(*Snap) (bool, error), alive func() bool) error {
	sub := h.Subscribe(classID)
	if sub == nil {
		return nil
	}
	defer h.Unsubscribe(classID, sub)
	beat := time.NewTicker(Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-h.done:
			return nil
		case <-beat.C:
			if alive != nil && !alive() {
				return nil
			}
			if err := ev.Send("alive", "", nil); err != nil {
				return nil
			}
		case sn := <-sub.ch:
			more, err := on(sn)
			if err != nil || !more {
				return err
			}
		}
	}
}
