package live

import (
	"context"
	"sync"
	"time"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The live drill's fan-out in one kiosk process (docs/classes.md, "Live
// drill"). Nothing of a live drill lives in a process's memory but a copy
// of what the store says: the hub keeps, for each class some projector or
// tablet of this process watches, the last snapshot it read (the class with
// its roster, the live drill, its current question with the instructor's
// actions and the answers to it), and hands it to every event stream of
// that class. One loop polls the classes' live versions for the whole
// process, one read for every class watched (trainer.ClassLiveVersions),
// and reads a class again only when its version moved, so a process with 30
// tablets of a class reads the store as often as a process with one. A
// phase that ends by time writes nothing and moves no version: the loop
// wakes at the next phase boundary of each class and hands the same
// snapshot on, read again, for the streams to say the new phase. A write
// made through this process pokes the loop, so its own streams hear of it
// at once; the other processes of a group hear of it at their next poll.

// Interval is how often the hub polls the live versions while some
// stream watches a class: the delay, at most, before a change made through
// another process of a group reaches this process's tablets.
const Interval = 100 * time.Millisecond

// PollWatch is how long a class stays watched after a tablet that fell
// back to polling last asked for it.
const PollWatch = 10 * time.Second

// Hub is the process's fan-out of live drills.
type Hub struct {
	db       trainer.Store
	log      func(error)
	interval time.Duration

	mu      sync.Mutex
	classes map[int64]*classWatch
	started bool
	closed  bool
	wake    chan struct{} // pokes the loop; buffered, one poke is enough
	done    chan struct{} // closed by Close: every stream ends
}

// classWatch is one class the hub watches: its streams, the last snapshot
// read, and the time its current phase ends by itself.
type classWatch struct {
	subs     map[*Sub]struct{}
	snap     *Snap
	checked  time.Time // when its version was last polled
	boundary time.Time // the store's time its phase ends by itself; zero for none
	polled   time.Time // when a polling tablet last asked
}

// Sub is one event stream: it receives the latest snapshot only (an
// older one not yet read is replaced), so a slow tablet never holds up the
// others and never gets behind.
type Sub struct {
	ch chan *Snap
}

func NewHub(db trainer.Store, log func(error)) *Hub {
	return &Hub{db: db, log: log, interval: Interval, classes: map[int64]*classWatch{},
		wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// Snap is a class's live drill as read at one moment: what every
// projector and tablet of the class is made from. It is never changed once
// published.
type Snap struct {
	// Live is what the views are made from (web/view): the class, the live
	// drill, the answers to its question, the standings and names.
	class.Live

	cache sync.Map // rendered fragments that do not depend on who reads them
}

// Memo is the bytes stored under key for this snapshot, made by build the
// first time they are asked for: a rendered fragment that does not depend
// on who reads it is made once per snapshot and shared by every stream.
func (sn *Snap) Memo(key string, build func() ([]byte, error)) ([]byte, error) {
	if b, ok := sn.cache.Load(key); ok {
		return b.([]byte), nil
	}
	b, err := build()
	if err == nil {
		sn.cache.Store(key, b)
	}
	return b, err
}

// boundary is the store's time at which the current question's phase ends
// by itself (the preview or the answers), zero when it does not (paused,
// closed, skipped, no question).
func (sn *Snap) boundary(now time.Time) time.Time {
	q := sn.Question()
	if q == nil {
		return time.Time{}
	}
	st := q.At(now)
	if st.Paused || (st.Phase != class.PhasePreview && st.Phase != class.PhaseOpen) {
		return time.Time{}
	}
	return now.Add(st.Left)
}

// Subscribe adds a stream of class classID, handing it the class's last
// snapshot at once if the hub has one. It returns nil once the hub is
// closed (the kiosk shutting down).
func (h *Hub) Subscribe(classID int64) *Sub {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil
	}
	sub := &Sub{ch: make(chan *Snap, 1)}
	lc := h.watch(classID)
	lc.subs[sub] = struct{}{}
	if lc.snap != nil {
		sub.ch <- lc.snap
	}
	if !h.started {
		h.started = true
		go h.run()
	}
	h.pokeLocked()
	return sub
}

// Unsubscribe removes a stream; a class no stream watches is forgotten.
func (h *Hub) Unsubscribe(classID int64, sub *Sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if lc := h.classes[classID]; lc != nil {
		delete(lc.subs, sub)
		h.forgetLocked(classID, time.Now())
	}
}

// watch returns the class's entry, made if new. Call with h.mu held.
func (h *Hub) watch(classID int64) *classWatch {
	lc := h.classes[classID]
	if lc == nil {
		lc = &classWatch{subs: map[*Sub]struct{}{}}
		h.classes[classID] = lc
	}
	return lc
}

// forgetLocked drops a class no stream and no polling tablet watches, so
// that the process holds nothing of a class nobody looks at.
func (h *Hub) forgetLocked(classID int64, now time.Time) {
	if lc := h.classes[classID]; lc != nil && len(lc.subs) == 0 && now.Sub(lc.polled) > PollWatch {
		delete(h.classes, classID)
	}
}

// Poke makes the loop poll at once: a write of this process has moved a
// live version.
func (h *Hub) Poke() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.pokeLocked()
}

func (h *Hub) pokeLocked() {
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// Close ends every stream and the loop; Subscribe returns nil afterwards.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
}

// Current is class classID's snapshot for a page or a polling tablet: the
// hub's, when it polled the class's version within the last interval or
// two, else read now. A polling tablet (poll true) keeps the class watched
// for PollWatch, so that every polling tablet of a class shares one read.
func (h *Hub) Current(ctx context.Context, classID int64, poll bool) (*Snap, error) {
	now := time.Now()
	h.mu.Lock()
	var sn *Snap
	if lc := h.classes[classID]; lc != nil && lc.snap != nil && now.Sub(lc.checked) <= 2*h.interval {
		sn = lc.snap
	}
	if poll && !h.closed {
		h.watch(classID).polled = now
		if !h.started {
			h.started = true
			go h.run()
		}
	}
	h.mu.Unlock()
	if sn != nil {
		return sn, nil
	}
	return Read(ctx, h.db, classID)
}

// run is the hub's loop: poll, read what moved, hand it on, and sleep until
// the next poll or the next phase boundary, whichever comes first.
func (h *Hub) run() {
	timer := time.NewTimer(h.interval)
	defer timer.Stop()
	for {
		wait := time.Hour
		if ids := h.watched(); len(ids) > 0 {
			h.refresh(ids)
			wait = h.interval
			if b := h.untilBoundary(); b < wait {
				wait = max(b, 5*time.Millisecond)
			}
		}
		timer.Reset(wait)
		select {
		case <-h.done:
			return
		case <-h.wake:
		case <-timer.C:
		}
	}
}

// watched lists the classes some stream or polling tablet watches,
// forgetting those none watches any more.
func (h *Hub) watched() []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	now := time.Now()
	ids := make([]int64, 0, len(h.classes))
	for id := range h.classes {
		h.forgetLocked(id, now)
		if h.classes[id] != nil {
			ids = append(ids, id)
		}
	}
	return ids
}

// refresh polls the versions of ids, one read for all, and reads again each
// class whose version moved or whose phase has ended by time.
func (h *Hub) refresh(ids []int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	versions, err := h.db.ClassLiveVersions(ctx, ids...)
	if err != nil {
		h.log(err)
		return
	}
	now, checked := h.db.Clock(), time.Now()
	for _, id := range ids {
		h.mu.Lock()
		lc := h.classes[id]
		due := false
		if lc != nil {
			lc.checked = checked
			due = lc.snap == nil || lc.snap.Live.Live.Version != versions[id] ||
				(!lc.boundary.IsZero() && !now.Before(lc.boundary))
		}
		h.mu.Unlock()
		if !due {
			continue
		}
		sn, err := Read(ctx, h.db, id)
		if err != nil {
			h.log(err)
			continue
		}
		h.publish(id, sn)
	}
}

// publish makes sn the class's snapshot and hands it to each stream.
func (h *Hub) publish(classID int64, sn *Snap) {
	h.mu.Lock()
	defer h.mu.Unlock()
	lc := h.classes[classID]
	if lc == nil {
		return
	}
	lc.snap, lc.boundary = sn, sn.boundary(h.db.Clock())
	for sub := range lc.subs {
		select { // the latest only: drop one not yet read
		case <-sub.ch:
		default:
		}
		sub.ch <- sn
	}
}

// untilBoundary is the real time until the nearest phase boundary of the
// classes watched.
func (h *Hub) untilBoundary() time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	now := h.db.Clock()
	wait := time.Hour
	for _, lc := range h.classes {
		if !lc.boundary.IsZero() {
			wait = min(wait, lc.boundary.Sub(now))
		}
	}
	return wait
}

// Read reads class classID's live drill whole: the class, the live
// drill and its current question, the answers to it, and, once the
// question is closed, the standings the class shows.
func Read(ctx context.Context, db trainer.Store, classID int64) (*Snap, error) {
	rd, err := db.ReadClassLive(ctx, classID)
	if err != nil {
		return nil, err
	}
	sn := &Snap{Live: class.Live{Class: (*class.Class)(rd.Class), Live: rd.Live, ByUser: map[int64]*trainer.Attempt{}}}
	if rd.Live.Question == nil {
		return sn, nil
	}
	sn.Answers = rd.Answers
	for _, a := range sn.Answers {
		sn.ByUser[a.UserID] = a
	}
	if sn.Class.ShowNames {
		users, err := db.ListUsers(ctx, trainer.UserFilter{Role: trainer.RoleTrainee})
		if err != nil {
			return nil, err
		}
		sn.Names = map[int64]string{}
		for _, u := range users {
			if sn.Class.Has(u.ID) || sn.ByUser[u.ID] != nil {
				sn.Names[u.ID] = u.Name
			}
		}
	}
	st := sn.Question().At(db.Clock())
	if sn.Class.Standing != class.StandingNone && (st.Phase == class.PhaseLocked || st.Phase == class.PhaseSkipped) {
		if err := sn.standings(ctx, db); err != nil {
			return nil, err
		}
	}
	return sn, nil
}

// standings ranks the live drill's participants on every question closed
// so far (class.Report.Scores): each trainee's place, or the tables.
func (sn *Snap) standings(ctx context.Context, db trainer.Store) error {
	rec, err := db.ClassRunRecord(ctx, sn.Live.Live.Run.ID)
	if err != nil {
		return err
	}
	asked, err := class.AskedIn(rec)
	if err != nil {
		return err
	}
	ps := class.Participants(rec)
	members := make([]class.Member, len(ps))
	for i, p := range ps {
		members[i] = class.Member{UserID: p.UserID}
	}
	scores := class.NewReport(members, asked).Scores(ps)
	switch sn.Class.Standing {
	case class.StandingAnonymous:
		sn.Places = class.Places(scores)
	case class.StandingTeams:
		sn.Teams = class.Teams(scores)
	}
	return nil
}
