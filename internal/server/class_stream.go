package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/a-h/templ"
	"github.com/dealerkiosk/trainer/internal/live"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/templates"
)

// The live drill's event streams and their polling fallback (package
// live has the hub, the stream and what they send when): each handler
// reads who asks and which class, builds the reader's views of each
// snapshot (web/view) and sends what changed.

// renderBytes renders c in ctx's language.
func renderBytes(ctx context.Context, c templ.Component) ([]byte, error) {
	var b bytes.Buffer
	err := c.Render(ctx, &b)
	return b.Bytes(), err
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
	sn, err := s.live.Current(ctx, c.ID, true)
	if err != nil {
		s.error(w, r, err)
		return
	}
	seat, err := s.live.Seat(ctx, sn, u.ID)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ev, err := live.Start(w)
	if err != nil {
		s.logError(r, err)
		return
	}
	shown := live.Shown{"panel": live.LastKey(r), "clock": r.URL.Query().Get("clock")}
	parts := func(sn *live.Snap) ([]live.Part, error) {
		p, err := seat.At(ctx, sn) // read again once the trainee joins on another tablet
		if err != nil {
			return nil, err
		}
		panel, err := s.view.TabletPanelSince(ctx, &sn.Live, p, u.ID, drillLang(ctx), s.db.Clock(), shown["panel"])
		if err != nil {
			return nil, err
		}
		clock := live.Part{Event: "clock", Key: panel.Clock.Key,
			Render: func() ([]byte, error) { return renderBytes(ctx, templates.LiveClockPart(panel.Clock, false)) }}
		return []live.Part{{Event: "panel", Key: panel.Key, ID: true, Holds: []live.Part{clock},
			Render: func() ([]byte, error) { return s.tabletBytes(ctx, sn, panel) }}, clock}, nil
	}
	s.streamEnd(r, s.live.Serve(ctx, ev, c.ID, sn, shown, live.WantsStream(r), parts, s.live.KeepSignedIn(ctx, visitOf(ctx).token)))
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
func (s *Server) tabletBytes(ctx context.Context, sn *live.Snap, panel templates.TabletPanel) ([]byte, error) {
	shared := panel.Notice == "" && panel.Result == nil && panel.NoAnswer == nil && panel.Yours == nil
	key := fmt.Sprintf("tablet|%s|%d", panel.Key, panel.Clock.Left/(250*time.Millisecond))
	render := func() ([]byte, error) { return renderBytes(ctx, templates.TabletPanelFragment(panel)) }
	if shared {
		return sn.Memo(key, render)
	}
	return render()
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
	sn, err := s.live.Current(ctx, c.ID, true)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ev, err := live.Start(w)
	if err != nil {
		s.logError(r, err)
		return
	}
	shown := live.Shown{"panel": live.LastKey(r), "controls": r.URL.Query().Get("controls")}
	parts := func(sn *live.Snap) ([]live.Part, error) {
		panel, controls, err := s.projectorNow(ctx, sn)
		if err != nil {
			return nil, err
		}
		return []live.Part{
			{Event: "panel", Key: panel.Key, ID: true,
				Render: func() ([]byte, error) { return renderBytes(ctx, templates.ProjectorPanelPart(panel)) }},
			{Event: "controls", Key: controls.Key,
				Render: func() ([]byte, error) { return renderBytes(ctx, templates.ProjectorControlsPart(controls, false)) }},
		}, nil
	}
	s.streamEnd(r, s.live.Serve(ctx, ev, c.ID, sn, shown, live.WantsStream(r), parts, s.live.KeepSignedIn(ctx, visitOf(ctx).token)))
}

// handleProjectorPoll is the projector's fallback, as handleTabletPoll.
func (s *Server) handleProjectorPoll(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	ctx := r.Context()
	sn, err := s.live.Current(ctx, c.ID, true)
	if err != nil {
		s.error(w, r, err)
		return
	}
	panel, controls, err := s.projectorNow(ctx, sn)
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
func (s *Server) CloseStreams() { s.live.Close() }

// liveLog logs a failure of the hub's loop, which has no request.
func (s *Server) liveLog(err error) {
	if err != nil && trainer.KindOf(err) != trainer.KindNotFound {
		s.log.Error("live drill", "error", err)
	}
}
