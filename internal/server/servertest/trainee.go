package servertest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/games"
)

// Trainee is a simulated trainee at a tablet: it signs in with its PIN and
// answers payout drills over real HTTP, as htmx does (HX-Request, same-origin
// posts). Unlike Client it never fails the test: it returns errors, so that
// it can drive a kiosk that is killed and restarted under it (the crash
// test) or one under load (the load benchmark). A Trainee is used by one
// goroutine at a time.
type Trainee struct {
	ID  int64  // the trainee's user ID
	PIN string // the PIN it signs in with
	// Game is the game whose payouts it practises: uth (the default),
	// oracle, thrill or lunar.
	Game string
	// Base returns the kiosk's base URL now; it may change when the kiosk
	// restarts on another port.
	Base func() string
	// Observe, if set, is told how long each request took, by kind:
	// "question" (the GET of the session page), "answer", "next", "start"
	// and "signin".
	Observe func(kind string, d time.Duration)
	// Swap answers the question that the "Next" post sent back, as an htmx
	// tablet does (it swaps that question in), instead of fetching the
	// session's page before each answer, as a tablet does after a reload:
	// two requests an answer instead of three. The load benchmark sets it.
	Swap bool

	http    *http.Client
	session int64 // the practice session being answered, or 0
	pending int64 // with Swap, the question the last "Next" sent, or 0
}

// ErrSignedOut says the kiosk sent the trainee back to sign-in: the session
// cookie is gone or no longer valid.
var ErrSignedOut = errors.New("signed out")

// NewTrainee returns a trainee with no cookies that sends its requests
// through transport (shared by many trainees, as tablets share a network).
func NewTrainee(id int64, pin string, base func() string, transport http.RoundTripper) *Trainee {
	jar, _ := cookiejar.New(nil) // never fails without options
	return &Trainee{
		ID: id, PIN: pin, Base: base,
		http: &http.Client{
			Transport:     transport,
			Jar:           jar,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
			Timeout:       30 * time.Second,
		},
	}
}

// IsNetError reports whether err is a failure to reach the kiosk (a refused
// connection, a reset, a response cut off), as a crash causes, rather than a
// wrong answer from it.
func IsNetError(err error) bool {
	var ue *url.Error
	return errors.As(err, &ue)
}

// SignIn signs the trainee in with its PIN (a plain form post, as the keypad
// page does without JavaScript).
func (t *Trainee) SignIn(ctx context.Context) error {
	status, hdr, body, err := t.do(ctx, "signin", http.MethodPost, fmt.Sprintf("/signin/trainees/%d", t.ID),
		url.Values{"pin": {t.PIN}}, false)
	if err != nil {
		return err
	}
	if status != http.StatusSeeOther || hdr.Get("Location") != "/trainee" {
		return fmt.Errorf("sign-in of trainee %d: status %d to %q: %.200s", t.ID, status, hdr.Get("Location"), body)
	}
	return nil
}

var (
	attemptRE = regexp.MustCompile(`data-testid="question" data-attempt="(\d+)"`)
	sessionRE = regexp.MustCompile(`^/practice/(\d+)$`)
)

// Answer answers the next scenario with amount: it fetches the session's
// page (starting a session first when there is none or it has ended), posts
// the answer, and asks for the next scenario — the three requests of a
// trainee's loop; with Swap, the two of an htmx tablet's, once a "Next" has
// sent the question. It returns the attempt answered and whether the kiosk
// acknowledged the answer: 200 with the feedback, which the kiosk sends only
// once the answer is committed. An answer refused as already given (409)
// is not acknowledged. It returns ErrSignedOut when sent to sign-in.
func (t *Trainee) Answer(ctx context.Context, amount games.Money) (attemptID int64, acked bool, err error) {
	if id := t.pending; id != 0 && t.session != 0 {
		t.pending = 0
		acked, err = t.answer(ctx, id, amount)
		if err != nil {
			return id, acked, err
		}
		_, err = t.next(ctx)
		return id, acked, err
	}
	for range 4 {
		if t.session == 0 {
			if err := t.start(ctx); err != nil {
				return 0, false, err
			}
		}
		status, hdr, body, err := t.do(ctx, "question", http.MethodGet, fmt.Sprintf("/practice/%d", t.session), nil, true)
		if err != nil {
			return 0, false, err
		}
		if err := signedOut(status, hdr); err != nil {
			return 0, false, err
		}
		switch {
		case status != http.StatusOK:
			return 0, false, fmt.Errorf("GET /practice/%d: status %d: %.300s", t.session, status, body)
		case strings.Contains(body, `data-testid="summary"`):
			t.session = 0 // every scenario answered: start another session
			continue
		case !strings.Contains(body, `data-testid="question"`):
			// The feedback of an answer given before (a reply lost in a
			// crash): move on.
			if _, err := t.next(ctx); err != nil {
				return 0, false, err
			}
			continue
		}
		m := attemptRE.FindStringSubmatch(body)
		if m == nil {
			return 0, false, fmt.Errorf("GET /practice/%d: a question without its attempt ID", t.session)
		}
		attemptID, _ = strconv.ParseInt(m[1], 10, 64)
		acked, err = t.answer(ctx, attemptID, amount)
		if err != nil {
			return attemptID, acked, err
		}
		_, err = t.next(ctx)
		return attemptID, acked, err
	}
	return 0, false, fmt.Errorf("trainee %d: no question after several tries", t.ID)
}

func (t *Trainee) start(ctx context.Context) error {
	game := t.Game
	if game == "" {
		game = "uth"
	}
	status, hdr, body, err := t.do(ctx, "start", http.MethodPost, "/practice",
		url.Values{"game": {game}, "kind": {"payout"}, "mode": {"practice"}, "level": {"1"}}, false)
	if err != nil {
		return err
	}
	if err := signedOut(status, hdr); err != nil {
		return err
	}
	m := sessionRE.FindStringSubmatch(hdr.Get("Location"))
	if status != http.StatusSeeOther || m == nil {
		return fmt.Errorf("POST /practice: status %d to %q: %.300s", status, hdr.Get("Location"), body)
	}
	t.session, _ = strconv.ParseInt(m[1], 10, 64)
	return nil
}

func (t *Trainee) answer(ctx context.Context, attemptID int64, amount games.Money) (bool, error) {
	path := fmt.Sprintf("/attempts/%d/answer", attemptID)
	status, hdr, body, err := t.do(ctx, "answer", http.MethodPost, path, url.Values{"amount": {amount.String()}}, true)
	if err != nil {
		return false, err
	}
	if err := signedOut(status, hdr); err != nil {
		return false, err
	}
	switch {
	case status == http.StatusOK && strings.Contains(body, `data-testid="feedback"`):
		return true, nil
	case status == http.StatusConflict:
		return false, nil // answered before: a reply lost in a crash
	}
	return false, fmt.Errorf("POST %s: status %d: %.300s", path, status, body)
}

// next asks for the next scenario and reports whether the session is over.
func (t *Trainee) next(ctx context.Context) (done bool, err error) {
	t.pending = 0
	status, hdr, body, err := t.do(ctx, "next", http.MethodPost, fmt.Sprintf("/practice/%d/next", t.session), nil, true)
	if err != nil {
		return false, err
	}
	if err := signedOut(status, hdr); err != nil {
		return false, err
	}
	if status != http.StatusOK {
		return false, fmt.Errorf("POST /practice/%d/next: status %d: %.300s", t.session, status, body)
	}
	if strings.Contains(body, `data-testid="summary"`) {
		t.session = 0
		return true, nil
	}
	if m := attemptRE.FindStringSubmatch(body); t.Swap && m != nil {
		t.pending, _ = strconv.ParseInt(m[1], 10, 64)
	}
	return false, nil
}

func signedOut(status int, hdr http.Header) error {
	loc := hdr.Get("Location")
	if status == http.StatusNoContent {
		loc = hdr.Get("HX-Redirect")
	}
	if strings.HasPrefix(loc, "/signin") {
		return ErrSignedOut
	}
	return nil
}

// do sends one request and reads the whole response; htmx marks it as htmx's.
func (t *Trainee) do(ctx context.Context, kind, method, path string, form url.Values, htmx bool) (int, http.Header, string, error) {
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, t.Base()+path, body)
	if err != nil {
		return 0, nil, "", err
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if htmx {
		req.Header.Set("HX-Request", "true")
	}
	start := time.Now()
	resp, err := t.http.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		// Cut off mid-response: as unreachable as a refused connection.
		return 0, nil, "", &url.Error{Op: method, URL: req.URL.String(), Err: err}
	}
	if t.Observe != nil {
		t.Observe(kind, time.Since(start))
	}
	return resp.StatusCode, resp.Header, string(b), nil
}
