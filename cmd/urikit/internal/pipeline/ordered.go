package pipeline

import "runtime"

// ordered runs the one ordered parallel pipeline of urikit: produce sends
// items in input order; each item sent with work set goes through work
// on one of GOMAXPROCS workers; write gets every item in the order sent,
// once its work is done. At most 2*GOMAXPROCS+2 items are on their way at
// a time (those queued for the writer, the one it writes and the one
// produce fills), so memory stays bounded whatever the size of the input.
//
// send reports false when the pipeline is over: write failed, and
// produce must return. ordered returns write's error, if any.
func ordered[T any](produce func(send func(item *T, work bool) bool), work func(*T), write func(*T) error) error {
	type job struct {
		item *T
		done chan struct{}
	}
	workers := runtime.GOMAXPROCS(0)
	order := make(chan job, 2*workers)
	todo := make(chan job, workers)
	quit := make(chan struct{})
	for range workers {
		go func() {
			for j := range todo {
				select {
				case <-quit:
					// The output failed: what is left is not written.
				default:
					work(j.item)
				}
				close(j.done)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(todo)
		produce(func(item *T, doWork bool) bool {
			j := job{item, make(chan struct{})}
			select {
			case order <- j:
			case <-quit:
				return false
			}
			if !doWork {
				close(j.done)
				return true
			}
			select {
			case todo <- j:
				return true
			case <-quit:
				return false
			}
		})
	}()
	for j := range order {
		<-j.done
		if err := write(j.item); err != nil {
			close(quit)
			return err
		}
	}
	return nil
}
