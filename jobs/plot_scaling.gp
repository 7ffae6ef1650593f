# Plots the CSV of jobs/scaling.sh: wall time, parallel efficiency and
# matrices/s against the rank count, strong and weak studies side by side with
# their ideal lines (derived from the efficiency column: ideal time = wall_s x
# efficiency, ideal rate = matrices_per_s / efficiency).
#   gnuplot -e "csv='scaling.csv'; png='scaling.png'; title='eigsweep'" jobs/plot_scaling.gp
# CSV columns: 1 ranks, 2 mode, 3 matrices, 4 wall_s, 5 matrices_per_s, 6 efficiency, ...
if (!exists("csv")) csv = "scaling.csv"
if (!exists("png")) png = "scaling.png"
if (!exists("title")) title = "eigsweep scaling"

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1500,480 font ",10"
} else {
  set terminal png size 1500,480
}
set output png
set datafile separator ","
set key top left box opaque
set grid
set logscale x 2
set xlabel "ranks (GPUs)"
set offsets graph 0.05, graph 0.05, 0, 0

# Select the rows of one study; other rows become missing points.
is(m) = strcol(2) eq m
sel(m, v) = is(m) ? v : NaN

set multiplot layout 1,3 title title
set title "wall time"
set ylabel "seconds (stages.total.max)"
set logscale y
plot csv skip 1 using 1:(sel("strong", $4)) with linespoints pt 7 lc rgb "#1f77b4" title "strong", \
     csv skip 1 using 1:(sel("strong", $4 * $6)) with lines dt 2 lc rgb "#1f77b4" title "strong ideal T1/p", \
     csv skip 1 using 1:(sel("weak", $4)) with linespoints pt 5 lc rgb "#d62728" title "weak", \
     csv skip 1 using 1:(sel("weak", $4 * $6)) with lines dt 2 lc rgb "#d62728" title "weak ideal T1"

set title "parallel efficiency"
set ylabel "strong T1/(p Tp), weak T1/Tp"
unset logscale y
set yrange [0:*]
plot csv skip 1 using 1:(sel("strong", $6)) with linespoints pt 7 lc rgb "#1f77b4" title "strong", \
     csv skip 1 using 1:(sel("weak", $6)) with linespoints pt 5 lc rgb "#d62728" title "weak", \
     1 with lines dt 2 lc rgb "gray40" title "ideal"
set autoscale y

set title "throughput"
set ylabel "matrices / s"
set logscale y
plot csv skip 1 using 1:(sel("strong", $5)) with linespoints pt 7 lc rgb "#1f77b4" title "strong", \
     csv skip 1 using 1:(sel("strong", $5 / $6)) with lines dt 2 lc rgb "#1f77b4" title "strong ideal", \
     csv skip 1 using 1:(sel("weak", $5)) with linespoints pt 5 lc rgb "#d62728" title "weak", \
     csv skip 1 using 1:(sel("weak", $5 / $6)) with lines dt 2 lc rgb "#d62728" title "weak ideal"
unset multiplot
