package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
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
	sseRetry     = 5 * time.Second
	sseHeartbeat = 10 * time.Second
)

// sse writes one event stream.
type sse struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// startSSE answers the request with an event stream. The stream outlives
// the server's write timeout: its deadline is lifted.
func startSSE(w http.ResponseWriter) (*sse, error) {
	rc := http.NewResponseController(w)
	if err := rc.SetWriteDeadline(time.Time{}); err != nil && err != http.ErrNotSupported {
		return nil, err
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no") // nginx: do not hold the events back
	w.WriteHeader(http.StatusOK)
	s := &sse{w: w, rc: rc}
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", sseRetry.Milliseconds()); err != nil {
		return nil, err
	}
	return s, s.send("hello", "", nil)
}

// send writes the event name with data (one "data:" line per line) and
// flushes it; id, when set, is what the browser sends back on reconnecting.
func (s *sse) send(name, id string, data []byte) error {
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

// renderBytes renders c in ctx's language.
func renderBytes(ctx context.Context, c templ.Component) ([]byte, error) {
	var b bytes.Buffer
	err := c.Render(ctx, &b)
	return b.Bytes(), err
}

// lastKey is the key of the panel the page shows: the last event's id when
// the browser reconnects, else the page's own (?key=).
func lastKey(r *http.Request) string {
	if id := r.Header.Get("Last-Event-ID"); id != "" {
		return id
	}
	return r.URL.Query().Get("key")
}

// wantsStream reports whether the request is a browser's EventSource (or a
// client like one), which asks for text/event-stream and keeps reading:
// its stream stays open until it leaves. Any other GET gets the events of
// the moment and the end of the stream, so that a plain request (a link
// followed, a check of who may use the route) returns.
func wantsStream(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "text/event-stream")
}

// streamLoop hands each snapshot of class classID to on until the request
// ends, the kiosk shuts down or on says to stop, with a heartbeat between.
// first is the snapshot read when the stream began.
//
// alive, when not nil, is asked at every heartbeat whether the stream's
// reader may go on reading (a trainee's session still live); the stream
// ends when it says no.
func (s *Server) streamLoop(ctx context.Context, ev *sse, classID int64, on func(*liveSnap) (bool, error), alive func() bool) error {
	sub := s.live.subscribe(classID)
	if sub == nil {
		return nil
	}
	defer s.live.unsubscribe(classID, sub)
	beat := time.NewTicker(sseHeartbeat)
	defer beat.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.live.done:
			return nil
		case <-beat.C:
			if alive != nil && !alive() {
				return nil
			}
			if err := ev.send("alive", "", nil); err != nil {
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

// handleTabletEvents is a trainee's event stream: their panel when it
// changes, the clock when only it does.
func (s *Server) handleTabletEvents(w http.ResponseWriter, r *http.Request) {
	c, err := s.memberClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ctx := r.Context()
	u := visitOf(ctx).user
	sn, err := s.live.current(ctx, c.ID, true)
	if err != nil {
		s.error(w, r, err)
		return
	}
	p, err := s.participation(ctx, sn, u.ID)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ev, err := startSSE(w)
	if err != nil {
		s.logError(r, err)
		return
	}
	last, lastClock, joined, keep := lastKey(r), r.URL.Query().Get("clock"), sn.Live.Live.Joined, wantsStream(r)
	running := sn.running()
	on := func(sn *liveSnap) (bool, error) {
		running = sn.running()
		if p == nil && sn.running() && sn.Live.Live.Joined != joined {
			// Joined on another tablet since: read who the trainee is in it.
			joined = sn.Live.Live.Joined
			if p, err = s.participation(ctx, sn, u.ID); err != nil {
				return false, err
			}
		}
		panel, err := s.view.TabletPanel(ctx, &sn.Live, p, u.ID, drillLang(ctx), s.db.Clock())
		if err != nil {
			return false, err
		}
		switch {
		case panel.Key != last:
			data, err := s.tabletBytes(ctx, sn, panel)
			if err != nil {
				return false, err
			}
			if err := ev.send("panel", panel.Key, data); err != nil {
				return false, nil
			}
			last, lastClock = panel.Key, panel.Clock.Key
		case panel.Clock.Key != lastClock:
			data, err := renderBytes(ctx, templates.LiveClockPart(panel.Clock, false))
			if err != nil {
				return false, err
			}
			if err := ev.send("clock", "", data); err != nil {
				return false, nil
			}
			lastClock = panel.Clock.Key
		}
		// A stream stays open while no drill runs: the page waits for the
		// next one. Ending it would make the browser's EventSource report
		// an error and reconnect every few seconds.
		return keep, nil
	}
	if more, err := on(sn); err != nil || !more {
		s.streamEnd(r, err)
		return
	}
	alive := s.keepSignedIn(ctx, &running)
	s.streamEnd(r, s.streamLoop(ctx, ev, c.ID, on, alive))
}

// sessionTouchEvery is how often an event stream keeps its reader's
// session alive while a live drill runs.
const sessionTouchEvery = time.Minute

// keepSignedIn is a stream's heartbeat check (streamLoop's alive). A
// trainee watching a live drill does not tap while the instructor explains,
// nor does the instructor at the projector, and a stream is one long
// request: while *running says a drill runs, it keeps the reader's session
// from ending idle, at most once a minute, as a tap would. Between drills
// it does not, so that a tablet left on the class page signs out on its
// idle timeout. When it would keep the session and finds it ended (signed
// out on another tablet, ended idle), the stream ends too.
func (s *Server) keepSignedIn(ctx context.Context, running *bool) func() bool {
	token, touched := visitOf(ctx).token, s.db.Clock()
	return func() bool {
		now := s.db.Clock()
		if !*running || now.Sub(touched) < sessionTouchEvery {
			return true
		}
		touched = now
		_, end, err := s.db.AuthenticateSession(ctx, token)
		return err == nil && end == trainer.SessionLive
	}
}

// streamEnd logs why a stream ended, when it was a failure of the kiosk's.
func (s *Server) streamEnd(r *http.Request, err error) {
	if err != nil && !clientGone(r, err) {
		s.logError(r, err)
	}
}

// tabletBytes renders a tablet's panel. A panel that does not depend on
// who reads it (the question before an answer, the waiting states) is
// rendered once per snapshot and language and shared by every tablet; its
// clock is rendered in it to the quarter second.
func (s *Server) tabletBytes(ctx context.Context, sn *liveSnap, panel templates.TabletPanel) ([]byte, error) {
	shared := panel.Notice == "" && panel.Result == nil && panel.NoAnswer == nil && panel.Yours == nil
	key := fmt.Sprintf("tablet|%s|%d", panel.Key, panel.Clock.Left/(250*time.Millisecond))
	if shared {
		if b, ok := sn.cache.Load(key); ok {
			return b.([]byte), nil
		}
	}
	b, err := renderBytes(ctx, templates.TabletPanelFragment(panel))
	if err == nil && shared {
		sn.cache.Store(key, b)
	}
	return b, err
}

// handleTabletPoll is the tablet's fallback where events do not come
// through: 204 while its panel and clock stand as the page shows them
// (?key=, ?clock=), the clock alone when only it moved, else the panel.
func (s *Server) handleTabletPoll(w http.ResponseWriter, r *http.Request) {
	c, err := s.memberClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	panel, err := s.tabletNow(r.Context(), c.ID, true)
	if err != nil {
		s.error(w, r, err)
		return
	}
	q := r.URL.Query()
	switch {
	case panel.Key != q.Get("key"):
		s.render(w, r, http.StatusOK, templates.TabletPanelFragment(panel), nil)
	case panel.Clock.Key != q.Get("clock"):
		w.Header().Set(hxReswap, "none")
		s.render(w, r, http.StatusOK, templates.LiveClockPart(panel.Clock, true), nil)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// handleProjectorEvents is the projector's event stream: the panel and the
// controls, each when it changes.
func (s *Server) handleProjectorEvents(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ctx := r.Context()
	sn, err := s.live.current(ctx, c.ID, true)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ev, err := startSSE(w)
	if err != nil {
		s.logError(r, err)
		return
	}
	last, lastControls, keep := lastKey(r), r.URL.Query().Get("controls"), wantsStream(r)
	running := sn.running()
	on := func(sn *liveSnap) (bool, error) {
		running = sn.running()
		now := s.db.Clock()
		panel, err := s.view.ProjectorPanel(ctx, &sn.Live, drillLang(ctx), now)
		if err != nil {
			return false, err
		}
		controls, err := s.projectorControls(ctx, sn, now)
		if err != nil {
			return false, err
		}
		if panel.Key != last {
			data, err := renderBytes(ctx, templates.ProjectorPanelPart(panel))
			if err != nil {
				return false, err
			}
			if err := ev.send("panel", panel.Key, data); err != nil {
				return false, nil
			}
			last = panel.Key
		}
		if controls.Key != lastControls {
			data, err := renderBytes(ctx, templates.ProjectorControlsPart(controls, false))
			if err != nil {
				return false, err
			}
			if err := ev.send("controls", "", data); err != nil {
				return false, nil
			}
			lastControls = controls.Key
		}
		// A stream stays open while no drill runs: the page waits for the
		// next one. Ending it would make the browser's EventSource report
		// an error and reconnect every few seconds.
		return keep, nil
	}
	if more, err := on(sn); err != nil || !more {
		s.streamEnd(r, err)
		return
	}
	alive := s.keepSignedIn(ctx, &running)
	s.streamEnd(r, s.streamLoop(ctx, ev, c.ID, on, alive))
}

// handleProjectorPoll is the projector's fallback, as handleTabletPoll.
func (s *Server) handleProjectorPoll(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ctx := r.Context()
	sn, err := s.live.current(ctx, c.ID, true)
	if err != nil {
		s.error(w, r, err)
		return
	}
	now := s.db.Clock()
	panel, err := s.view.ProjectorPanel(ctx, &sn.Live, drillLang(ctx), now)
	if err != nil {
		s.error(w, r, err)
		return
	}
	controls, err := s.projectorControls(ctx, sn, now)
	if err != nil {
		s.error(w, r, err)
		return
	}
	q := r.URL.Query()
	panelMoved, controlsMoved := panel.Key != q.Get("key"), controls.Key != q.Get("controls")
	switch {
	case panelMoved:
		s.render(w, r, http.StatusOK, templates.ProjectorPoll(panel, controls, controlsMoved), nil)
	case controlsMoved:
		w.Header().Set(hxReswap, "none")
		s.render(w, r, http.StatusOK, templates.ProjectorControlsPart(controls, true), nil)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// CloseStreams ends the live drill's event streams and refuses new ones:
// call it when the HTTP server begins to shut down (http.Server's
// RegisterOnShutdown), which waits for requests in flight, and a stream
// would never end by itself. The browsers reconnect to whichever process
// serves next.
func (s *Server) CloseStreams() { s.live.close() }

// liveLog logs a failure of the hub's loop, which has no request.
func (s *Server) liveLog(err error) {
	if err != nil && trainer.KindOf(err) != trainer.KindNotFound {
		s.log.Error("live drill", "error", err)
	}
}
