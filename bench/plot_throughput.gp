# gnuplot -e "csv='sweep.csv'; png='docs/throughput.png'; title='...'" bench/plot_throughput.gp
set datafile separator ','
set terminal pngcairo size 900,560 noenhanced
set output png
set title title
set logscale xy
set xlabel 'n'
set ylabel 'matrices / s (host to host)'
set key top right
set grid
plot csv using (strcol(1) eq 'general' ? $3 : 1/0):6 skip 1 with linespoints title 'general (Francis), values', \
     csv using (strcol(1) eq 'symmetric' && $2 == 0 ? $3 : 1/0):6 skip 1 with linespoints title 'symmetric, values', \
     csv using (strcol(1) eq 'symmetric' && $2 == 1 ? $3 : 1/0):6 skip 1 with linespoints title 'symmetric, vectors'
