package live

import "context"

// Part is a piece of a page that a stream sends when its key moves: a
// projector's panel and its controls, a tablet's panel and its clock.
type Part struct {
	Event  string // the event's name: the page swaps the part it names
	Key    string // what the part shows now
	ID     bool   // the key is the event's id, which the browser sends back (LastKey)
	Render func() ([]byte, error)
	// Holds are parts shown inside this one (a tablet's panel holds its
	// clock): sending it shows them too, and they are not sent after it.
	Holds []Part
}

// Shown are the keys of the parts a page shows, by event name, as the
// page's address and the browser's Last-Event-ID say.
type Shown map[string]string

// Moved reports whether part p moved from what the page shows.
func (sh Shown) Moved(p Part) bool { return p.Key != sh[p.Event] }

// send sends each of parts that moved, in order, and keeps what the page
// shows then. It reports false when the reader has gone (a write failed).
func (sh Shown) send(ev *Stream, parts []Part) (bool, error) {
	held := map[string]bool{}
	for _, p := range parts {
		if held[p.Event] || !sh.Moved(p) {
			continue
		}
		data, err := p.Render()
		if err != nil {
			return false, err
		}
		id := ""
		if p.ID {
			id = p.Key
		}
		if err := ev.Send(p.Event, id, data); err != nil {
			return false, nil
		}
		sh[p.Event] = p.Key
		for _, q := range p.Holds {
			sh[q.Event], held[q.Event] = q.Key, true
		}
	}
	return true, nil
}

// Serve sends on ev, from the snapshot first of class classID on, the
// parts of each snapshot (parts) that moved from what the page shows,
// until ctx ends, the hub closes, the reader goes or parts fails. With
// keep false (not a browser's EventSource: WantsStream) it sends the
// parts of first alone and returns.
//
// A stream stays open while no drill runs: the page waits for the next
// one. Ending it would make the browser's EventSource report an error
// and reconnect every few seconds. alive, when not nil, is asked at every
// heartbeat, with whether a drill runs, whether the reader may go on
// reading (Follow).
func (h *Hub) Serve(ctx context.Context, ev *Stream, classID int64, first *Snap, shown Shown, keep bool,
	parts func(*Snap) ([]Part, error), alive func(running bool) bool) error {
	running := first.Running()
	on := func(sn *Snap) (bool, error) {
		running = sn.Running()
		ps, err := parts(sn)
		if err != nil {
			return false, err
		}
		if more, err := shown.send(ev, ps); err != nil || !more {
			return false, err
		}
		return keep, nil
	}
	if more, err := on(first); err != nil || !more {
		return err
	}
	var beat func() bool
	if alive != nil {
		beat = func() bool { return alive(running) }
	}
	return h.Follow(ctx, ev, classID, on, beat)
}
